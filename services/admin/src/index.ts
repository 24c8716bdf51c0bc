export * from './app';
export { bookSeries, occurrences } from './booking';
