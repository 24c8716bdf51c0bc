export * from './engine';
export * from './routes';
export * from './directory';
export * from './settings';
