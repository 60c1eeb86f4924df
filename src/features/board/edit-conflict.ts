import { isApiError, type Card, type UpdateCardRequest } from '@/api';

/** A card field an edit can conflict on (the server's `fields` of a 412 `EDIT_CONFLICT`). */
export type CardField = Exclude<keyof UpdateCardRequest, 'archived' | 'baseVersion'>;

/** What a refused edit tells: the fields someone else changed since, and the card as it now is. */
export type EditConflict = { fields: CardField[]; card: Card };

/** The 412 `EDIT_CONFLICT` of a card edit, or null for any other outcome. */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!isApiError(error) || error.status !== 412 || error.code !== 'EDIT_CONFLICT') return null;
  const { fields, card } = (error.envelope ?? {}) as { fields?: unknown; card?: Card };
  if (!Array.isArray(fields) || !card || typeof card.version !== 'number') return null;
  return { fields: fields.filter((field): field is CardField => typeof field === 'string'), card };
}

/** A field's name in a sentence ("Someone else changed the due date"). */
export const FIELD_NAMES: Record<CardField, string> = {
  title: 'title',
  description: 'description',
  assignee: 'assignee',
  priority: 'priority',
  labels: 'labels',
  checklist: 'checklist',
  due: 'due date',
  blocked: 'blocked reason',
};

/** Field names joined for a sentence: "title", "title and description", "title, labels and due date". */
export function fieldList(fields: CardField[]): string {
  const names = fields.map((field) => FIELD_NAMES[field]);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
