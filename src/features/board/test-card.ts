import type { Card } from '@/api';

/** A card for tests: `id` as its title, in `column`, with `changes` on top. */
export const testCard = (id: string, column: string, changes: Partial<Card> = {}): Card => ({
  id,
  version: 1,
  title: id,
  description: '',
  column,
  priority: 'none',
  labels: [],
  checklist: [],
  comments: [],
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});
