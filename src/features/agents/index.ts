export { AgentPage } from './components/agent-page';
export { AgentsPage } from './components/agents-page';
export { AgentStatusBadge } from './components/agent-bits';
export { useAgentsLive } from './live';
export { agentQueries } from './queries';
