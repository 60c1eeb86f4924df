import { create } from 'zustand';

const STORAGE_KEY = 'workspace.agent-chat-drafts';

function load(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Unsent messages, per conversation (`session:<id>`) and per agent for a conversation not started
 * yet (`agent:<id>`). Kept in localStorage, so a draft survives closing the tab; cleared when sent.
 */
export const useChatDrafts = create<{ drafts: Record<string, string> }>(() => ({ drafts: load() }));

export const sessionDraftKey = (sessionId: string) => `session:${sessionId}`;
export const newChatDraftKey = (agentId: string) => `agent:${agentId}`;

export function setChatDraft(key: string, text: string) {
  useChatDrafts.setState((state) => {
    const drafts = { ...state.drafts };
    if (text) drafts[key] = text;
    else delete drafts[key];
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
    } catch {
      // Storage full or unavailable: the draft still lives in memory.
    }
    return { drafts };
  });
}
