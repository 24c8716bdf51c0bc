export * from './web';
