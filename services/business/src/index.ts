export * from './app';
export { service } from './service';
