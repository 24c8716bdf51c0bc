export * from './engine';
export * from './routes';
