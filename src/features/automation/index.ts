export { AgentSchedules } from './components/agent-schedules';
export { AgentWebhooks } from './components/agent-webhooks';
