export { AgentIntegrations } from './components/agent-integrations';
export { ConnectionsPanel } from './components/connections-panel';
export { integrationQueries } from './queries';
