import { KINDS, type ContentKind, type ContentStatus } from './rules';

/** `/content`'s address: the filters, and the kind of the open "New" dialog. */
export type ContentSearch = { kind?: ContentKind; status?: ContentStatus; q?: string; new?: ContentKind };

const isKind = (value: unknown): value is ContentKind => KINDS.includes(value as ContentKind);

/** Reads the address's search part; anything unknown is dropped rather than refused. */
export function parseContentSearch(search: Record<string, unknown>): ContentSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  return {
    kind: isKind(search.kind) ? search.kind : undefined,
    status: search.status === 'draft' || search.status === 'published' ? search.status : undefined,
    q: q || undefined,
    new: isKind(search.new) ? search.new : undefined,
  };
}
