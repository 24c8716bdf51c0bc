export * from './app';
export * from './config';
export { requestNotification, parseNotificationRequest } from './request';
export { service } from './service';
