export * from './app';
export * from './config';
export * from './bootstrap';
export { hashPassword } from './auth/passwords';
export { service } from './service';
