export { ticketHooks, ticketChecklistHooks } from './rules';
