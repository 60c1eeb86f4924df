import type { BoardCard, CardPriority } from '@/api';

/** Board filters, kept in the URL. `assignee: 'none'` means unassigned. */
export type BoardFilters = {
  assignee?: string;
  label?: string;
  priority?: CardPriority;
  blocked?: boolean;
};

export const PRIORITIES: CardPriority[] = ['urgent', 'high', 'medium', 'low', 'none'];
export const priorityLabel: Record<CardPriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'No priority',
};

const isPriority = (value: unknown): value is CardPriority => PRIORITIES.includes(value as CardPriority);
const text = (value: unknown, max = 200) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

/** Reads filters from search params, dropping anything malformed. */
export function parseFilters(search: Record<string, unknown>): BoardFilters {
  return {
    assignee: text(search.assignee, 64),
    label: text(search.label, 40),
    priority: isPriority(search.priority) ? search.priority : undefined,
    blocked: search.blocked === true || search.blocked === 'true' ? true : undefined,
  };
}

export const hasFilters = (filters: BoardFilters) => Object.values(filters).some((value) => value !== undefined);

export function matchesFilters(card: BoardCard, filters: BoardFilters): boolean {
  if (
    filters.assignee === 'none' ? card.assignee !== undefined : filters.assignee && card.assignee !== filters.assignee
  ) {
    return false;
  }
  if (filters.label && !card.labels.some((label) => label.toLowerCase() === filters.label!.toLowerCase())) return false;
  if (filters.priority && card.priority !== filters.priority) return false;
  if (filters.blocked && card.blocked === undefined) return false;
  return true;
}
