export * from './app';
export { flagOverdue } from './ticket';
