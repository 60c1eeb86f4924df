import { useEffect, useRef, useState } from 'react';
import type { Card, UpdateCardRequest } from '@/api';

/** How long the description waits after the last keystroke before saving itself. */
export const DESCRIPTION_AUTOSAVE_MS = 900;

type DraftField = 'title' | 'description' | 'blocked';

/**
 * The card fields people type into (title, description, blocked reason), kept as drafts:
 * - the description saves itself a moment after typing stops, and every field saves on blur;
 * - a new value from the server (a colleague, another tab, a save) replaces a draft, except
 *   while that field is being edited; a failed save leaves the server's value as it was, so what
 *   the person typed stays on screen;
 * - leaving (closing the panel, J/K, another card) saves what was typed and not yet saved.
 * `persist` saves while the editor is shown; `flush` saves on the way out (no status to show).
 */
export function useCardDrafts(
  card: Card,
  persist: (changes: UpdateCardRequest) => void,
  flush: (changes: UpdateCardRequest) => void,
) {
  const [title, setTitle] = useState(card.title);
  const [description, setDescriptionDraft] = useState(card.description);
  const [blockedReason, setBlockedReason] = useState(card.blocked ?? '');
  const [blockedOpen, setBlockedOpen] = useState(card.blocked !== undefined);
  const focused = useRef<DraftField | null>(null);
  const descriptionTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const synced = useRef({ title: card.title, description: card.description, blocked: card.blocked });
  useEffect(() => {
    const last = synced.current;
    if (card.title !== last.title && focused.current !== 'title') setTitle(card.title);
    if (card.description !== last.description && focused.current !== 'description')
      setDescriptionDraft(card.description);
    if (card.blocked !== last.blocked && focused.current !== 'blocked') {
      setBlockedReason(card.blocked ?? '');
      setBlockedOpen(card.blocked !== undefined);
    }
    synced.current = { title: card.title, description: card.description, blocked: card.blocked };
  }, [card]);

  const latest = useRef({ title, description, card, flush });
  useEffect(() => {
    latest.current = { title, description, card, flush };
  });
  useEffect(
    () => () => {
      clearTimeout(descriptionTimer.current);
      const { title: typedTitle, description: typedDescription, card: shown, flush: save } = latest.current;
      const changes: UpdateCardRequest = {};
      if (typedTitle.trim() && typedTitle.trim() !== shown.title) changes.title = typedTitle.trim();
      if (typedDescription !== shown.description) changes.description = typedDescription;
      if (Object.keys(changes).length > 0) save(changes);
    },
    [],
  );

  /** Marks a field as being edited: server values wait until it is left. */
  const focus = (field: DraftField) => {
    focused.current = field;
  };

  const setDescription = (value: string) => {
    setDescriptionDraft(value);
    // A rich-text field passes its text on as it is left: blur (and leaving) must see it now.
    latest.current = { ...latest.current, description: value };
    clearTimeout(descriptionTimer.current);
    descriptionTimer.current = setTimeout(
      () => value !== latest.current.card.description && persist({ description: value }),
      DESCRIPTION_AUTOSAVE_MS,
    );
  };

  /** Leaves a field: saves its draft when it differs from the card (an empty title is undone). */
  const blur = (field: DraftField) => {
    focused.current = null;
    if (field === 'title') {
      const value = title.trim();
      if (!value) setTitle(card.title);
      else if (value !== card.title) persist({ title: value });
    } else if (field === 'description') {
      clearTimeout(descriptionTimer.current);
      const typed = latest.current.description;
      if (typed !== card.description) persist({ description: typed });
    } else {
      const value = blockedReason.trim();
      if (value && value !== card.blocked) persist({ blocked: value });
    }
  };

  /** Ticks or unticks "blocked"; unticking clears the reason on the card. */
  const setBlocked = (open: boolean) => {
    setBlockedOpen(open);
    if (!open && card.blocked !== undefined) {
      setBlockedReason('');
      persist({ blocked: null });
    }
  };

  return {
    title,
    setTitle,
    description,
    setDescription,
    blockedReason,
    setBlockedReason,
    blockedOpen,
    setBlocked,
    focus,
    blur,
  };
}
