import { getDraftText, setDraftText, useDraftText } from '@/lib/drafts';

/**
 * Unsent messages, per conversation (`session:<id>`) and per agent for a conversation not started
 * yet (`agent:<id>`), in the app's draft store (lib/drafts): a draft survives closing the tab;
 * cleared when sent.
 */
export const sessionDraftKey = (sessionId: string) => `session:${sessionId}`;
export const newChatDraftKey = (agentId: string) => `agent:${agentId}`;

const keyOf = (key: string) => `chat:${key}`;

export const useChatDraft = (key: string) => useDraftText(keyOf(key));
export const getChatDraft = (key: string) => getDraftText(keyOf(key));
export const setChatDraft = (key: string, text: string) => setDraftText(keyOf(key), text);
