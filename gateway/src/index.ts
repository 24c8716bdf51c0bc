export * from './app';
export * from './config';
export * from './routing';
export * from './openapi';
