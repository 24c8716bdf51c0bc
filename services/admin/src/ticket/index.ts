export { ticketHooks, ticketChecklistHooks } from './rules';
export { ticketRoutes, flagOverdue, overdueSweep } from './routes';
