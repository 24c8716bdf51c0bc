export * from './app';
export { service } from './service';
export { PROJECT_WON_SUBJECT } from './project/rules';
