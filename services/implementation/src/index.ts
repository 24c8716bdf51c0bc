export * from './app';
export { service } from './service';
export { implementProject } from './project/won';
