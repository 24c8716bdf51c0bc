export * from './app';
export { flagOverdue } from './ticket';
export { bookSeries, occurrences } from './booking';
