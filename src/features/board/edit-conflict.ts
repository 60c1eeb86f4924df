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
