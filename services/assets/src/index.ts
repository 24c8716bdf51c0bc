export * from './app';
export { service } from './service';
export { markDepreciated } from './asset/depreciation';
