export { ticketHooks, ticketChecklistHooks } from './rules';
export { flagOverdue, overdueSweep } from './overdue';
