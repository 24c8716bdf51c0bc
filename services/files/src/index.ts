export * from './app';
export * from './config';
export type { FileStorage } from './storage';
export { service } from './service';
