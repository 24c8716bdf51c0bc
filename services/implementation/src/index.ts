export * from './app';
export { service } from './service';
export { implementProject } from './project/won';
export { award as awardReview, comparison as compareReview } from './review/award';
