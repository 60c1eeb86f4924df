import type { InboxFilter } from './types';

/** The inbox's address state: its tab (`?filter=unread|snoozed`; none is All). */
export type InboxSearch = { filter?: Exclude<InboxFilter, 'all'> };

/** Checks the inbox's search params; anything else is dropped, so an edited address still opens it. */
export function parseInboxSearch(search: Record<string, unknown>): InboxSearch {
  return search.filter === 'unread' || search.filter === 'snoozed' ? { filter: search.filter } : {};
}
