import { errorMessage, isApiError } from '@/api';
import type { DraftErrors, ItemDraft } from './rules';

const FIELDS = ['kind', 'title', 'slug', 'excerpt', 'tags', 'body'] as const;

function same(a: ItemDraft[keyof ItemDraft], b: ItemDraft[keyof ItemDraft]): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
}

/** The editable fields of an item as the server holds them. */
export function draftOf(item: ItemDraft): ItemDraft {
  return {
    kind: item.kind,
    title: item.title,
    slug: item.slug,
    excerpt: item.excerpt,
    tags: item.tags,
    body: item.body,
  };
}

/** The fields of `draft` that differ from `saved` (what a save sends). */
export function changedFields(draft: ItemDraft, saved: ItemDraft): Partial<ItemDraft> {
  const changes: Partial<ItemDraft> = {};
  for (const field of FIELDS) {
    if (!same(draft[field], saved[field])) Object.assign(changes, { [field]: draft[field] });
  }
  return changes;
}

/**
 * The draft after a save: fields sent and unchanged since take the server's value (it trims and
 * lowercases), fields edited while the save was on its way keep the newer text.
 */
export function afterSave(current: ItemDraft, sent: Partial<ItemDraft>, server: ItemDraft): ItemDraft {
  const next = { ...current };
  for (const field of FIELDS) {
    const sentValue = sent[field];
    if (sentValue === undefined || same(current[field], sentValue)) Object.assign(next, { [field]: server[field] });
  }
  return next;
}

/**
 * The server's refusal by field: a 400's issues (`tags.2` belongs to tags) and a 409 (the address
 * is taken). What fits no field is left to the form's general message.
 */
export function serverErrors(error: unknown): { fields: DraftErrors; general?: string } {
  if (!isApiError(error)) return { fields: {} };
  if (error.status === 409) return { fields: { slug: error.message } };
  const fields: DraftErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0] as keyof ItemDraft;
    if ((FIELDS as readonly string[]).includes(field) && !fields[field]) fields[field] = issue.message;
  }
  return Object.keys(fields).length > 0 ? { fields } : { fields, general: errorMessage(error) };
}
