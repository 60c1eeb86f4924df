/**
 * What other modules and the server's start may use of the automation module (agents' schedules
 * and webhook endpoints); its other files are its own.
 */
export { cronSearchProviders } from './search.ts';
export { webhookSearchProviders } from './webhook-search.ts';
export { runDueCronJobs, startScheduler } from './scheduler.ts';
