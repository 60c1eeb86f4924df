/**
 * What other modules may use of the agents module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { agentInScope, canManageAgent, mintAgentToken, type AgentRow } from './service.ts';
export { delegateCard, handCommentToAgents } from './delegation.ts';
export { searchProviders } from './search.ts';
