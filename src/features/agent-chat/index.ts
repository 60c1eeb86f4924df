export { Conversation } from './components/conversation';
export { NewConversation } from './components/new-conversation';
export { SessionList } from './components/session-list';
export { agentChatQueries } from './queries';
