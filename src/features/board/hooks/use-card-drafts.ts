import { useEffect, useRef, useState } from 'react';
import type { Card, UpdateCardRequest } from '@/api';
import { discardStoredDraft, readStoredDraft, type StoredDraft, storeDraft } from '@/lib/drafts';

/** How long the description waits after the last keystroke before saving itself. */
export const DESCRIPTION_AUTOSAVE_MS = 900;

type DraftField = 'title' | 'description' | 'blocked';
const DRAFT_FIELDS: readonly DraftField[] = ['title', 'description', 'blocked'];

/** The key of a card field's draft in the draft store. */
export const cardDraftKey = (cardId: string, field: DraftField) => `card:${cardId}:${field}`;

/** The drafts kept in this browser for `card` that hold other text than the server's. */
function keptDrafts(card: Card): Partial<Record<DraftField, StoredDraft>> {
  const found: Partial<Record<DraftField, StoredDraft>> = {};
  for (const field of DRAFT_FIELDS) {
    const stored = readStoredDraft(cardDraftKey(card.id, field));
    if (!stored) continue;
    if (stored.text === valueOf(card, field)) discardStoredDraft(cardDraftKey(card.id, field));
    else found[field] = stored;
  }
  return found;
}

/**
 * Forgets the kept drafts the server's copy of `card` now holds (after a save, a panel's or one
 * made on leaving it): a colleague's later change must not make them look unsaved.
 */
export function forgetSavedCardDrafts(card: Card) {
  for (const field of DRAFT_FIELDS) {
    if (readStoredDraft(cardDraftKey(card.id, field))?.text === valueOf(card, field))
      discardStoredDraft(cardDraftKey(card.id, field));
  }
}

/** A draft field's value on a card, as the draft holds it. */
const valueOf = (card: Card, field: DraftField) => (field === 'blocked' ? (card.blocked ?? '') : card[field]);

/**
 * The card fields people type into (title, description, blocked reason), kept as drafts:
 * - the description saves itself a moment after typing stops, and every field saves on blur;
 * - a new value from the server (a colleague, another tab, a save) replaces a draft, except
 *   while that field is being edited; a failed save leaves the server's value as it was, so what
 *   the person typed stays on screen;
 * - leaving (closing the panel, J/K, another card) saves what was typed and not yet saved.
 * `persist` saves while the editor is shown; `flush` saves on the way out (no status to show).
 *
 * Each save names the version its field's text was typed on (`baseVersion`): the version of the
 * server's copy (`server`, without saves on their way) when the draft last agreed with it, or
 * when the server's value of the field was last the one the draft started from. A colleague's
 * change of a field being edited keeps the older version, so saving it is refused (412) and the
 * panel offers both texts instead of one overwriting the other. A field whose conflict is open
 * (`held`) waits for that choice: it is neither saved (leaving the field, typing) nor replaced by
 * the server's value, so the text in it stays yours until you choose.
 *
 * What is typed is also kept in the browser's draft store (lib/drafts) until the server's copy
 * holds it: after a reload, a closed tab or a refused save, the panel offers it (`offers`;
 * `restore` puts it back, on the version it was typed on, and saves it; `discard` forgets it).
 */
export function useCardDrafts(
  card: Card,
  persist: (changes: UpdateCardRequest) => void,
  flush: (changes: UpdateCardRequest) => void,
  server: Card = card,
  held: (field: DraftField) => boolean = () => false,
) {
  const [title, setTitle] = useState(card.title);
  const [description, setDescriptionDraft] = useState(card.description);
  const [blockedReason, setBlockedReason] = useState(card.blocked ?? '');
  const [blockedOpen, setBlockedOpen] = useState(card.blocked !== undefined);
  const focused = useRef<DraftField | null>(null);
  const descriptionTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [offers, setOffers] = useState(() => keptDrafts(server));
  const offersRef = useRef(offers);
  useEffect(() => {
    offersRef.current = offers;
  });
  /** Typing in a field with a kept draft on offer: the new text is the draft now. */
  const typed = (field: DraftField) => {
    if (offersRef.current[field]) setOffers(({ [field]: _, ...rest }) => rest);
  };

  const bases = useRef<Record<DraftField, number>>({
    title: server.version,
    description: server.version,
    blocked: server.version,
  });
  const serverSeen = useRef(server);
  const drafted = useRef({ title, description, blocked: blockedReason });
  useEffect(() => {
    drafted.current = { title, description, blocked: blockedReason };
  });
  // The server's copy changed: a field it did not change, or whose value is the draft's, is now
  // based on its version; a field changed to something else keeps the version the draft was typed on.
  useEffect(() => {
    const before = serverSeen.current;
    serverSeen.current = server;
    for (const field of DRAFT_FIELDS) {
      const value = valueOf(server, field);
      if (value === valueOf(before, field) || value === drafted.current[field]) bases.current[field] = server.version;
    }
  }, [server]);

  // What is typed and not on the server yet is kept in the draft store (fields with a draft on
  // offer wait for the choice); text the server's copy holds is forgotten.
  useEffect(() => {
    const typedText = { title: title.trim(), description, blocked: blockedOpen ? blockedReason.trim() : '' };
    for (const field of DRAFT_FIELDS) {
      if (offers[field]) continue;
      const key = cardDraftKey(server.id, field);
      const value = typedText[field];
      if (!value || value === valueOf(server, field)) discardStoredDraft(key);
      else storeDraft(key, value, bases.current[field]);
    }
  }, [server, title, description, blockedReason, blockedOpen, offers]);

  const synced = useRef({ title: card.title, description: card.description, blocked: card.blocked });
  const heldRef = useRef(held);
  useEffect(() => {
    heldRef.current = held;
  });
  /** The field's draft is newer than the server's value: being edited, or waiting for a conflict's choice. */
  const kept = (field: DraftField) => focused.current === field || heldRef.current(field);
  useEffect(() => {
    const last = synced.current;
    const taken = (field: DraftField) => {
      if (valueOf(card, field) === valueOf(serverSeen.current, field))
        bases.current[field] = serverSeen.current.version;
    };
    if (card.title !== last.title && !kept('title')) {
      setTitle(card.title);
      taken('title');
    }
    if (card.description !== last.description && !kept('description')) {
      setDescriptionDraft(card.description);
      taken('description');
    }
    if (card.blocked !== last.blocked && !kept('blocked')) {
      setBlockedReason(card.blocked ?? '');
      setBlockedOpen(card.blocked !== undefined);
      taken('blocked');
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
      const based: number[] = [];
      if (typedTitle.trim() && typedTitle.trim() !== shown.title) {
        changes.title = typedTitle.trim();
        based.push(bases.current.title);
      }
      if (typedDescription !== shown.description) {
        changes.description = typedDescription;
        based.push(bases.current.description);
      }
      if (based.length > 0) save({ ...changes, baseVersion: Math.min(...based) });
    },
    [],
  );

  /** Marks a field as being edited: server values wait until it is left. */
  const focus = (field: DraftField) => {
    focused.current = field;
  };

  const setDescription = (value: string) => {
    typed('description');
    setDescriptionDraft(value);
    // A rich-text field passes its text on as it is left: blur (and leaving) must see it now.
    latest.current = { ...latest.current, description: value };
    clearTimeout(descriptionTimer.current);
    descriptionTimer.current = setTimeout(
      () =>
        value !== latest.current.card.description &&
        !heldRef.current('description') &&
        persist({ description: value, baseVersion: bases.current.description }),
      DESCRIPTION_AUTOSAVE_MS,
    );
  };

  /** Leaves a field: saves its draft when it differs from the card (an empty title is undone). */
  const blur = (field: DraftField) => {
    focused.current = null;
    // The conflict's notice holds the choice (pressing one of its buttons leaves the field first).
    if (held(field)) return;
    if (field === 'title') {
      const value = title.trim();
      if (!value) setTitle(card.title);
      else if (value !== card.title) persist({ title: value, baseVersion: bases.current.title });
    } else if (field === 'description') {
      clearTimeout(descriptionTimer.current);
      const typed = latest.current.description;
      if (typed !== card.description) persist({ description: typed, baseVersion: bases.current.description });
    } else {
      const value = blockedReason.trim();
      if (value && value !== card.blocked) persist({ blocked: value, baseVersion: bases.current.blocked });
    }
  };

  /**
   * Ends a conflict on a draft field: `mine` saves that text on the server's current version (it
   * replaces the colleague's), `theirs` puts the server's text in the field.
   */
  const choose = (field: DraftField, choice: 'mine' | 'theirs', mine: string) => {
    clearTimeout(descriptionTimer.current);
    bases.current[field] = server.version;
    const value = choice === 'mine' ? mine : valueOf(server, field);
    if (field === 'title') setTitle(value);
    else if (field === 'description') {
      setDescriptionDraft(value);
      latest.current = { ...latest.current, description: value };
    } else {
      setBlockedReason(value);
      setBlockedOpen(choice === 'mine' || server.blocked !== undefined);
    }
    // An unticked blocked reason is sent as its removal.
    if (choice === 'mine')
      persist({ [field]: field === 'blocked' && !value ? null : value, baseVersion: server.version });
  };

  /**
   * Puts a kept draft back in its field, on the version it was typed on (a colleague's change of
   * the field since then is shown as a conflict), and saves it.
   */
  const restore = (field: DraftField) => {
    const offer = offersRef.current[field];
    if (!offer) return;
    setOffers(({ [field]: _, ...rest }) => rest);
    bases.current[field] = offer.base ?? server.version;
    if (field === 'title') {
      setTitle(offer.text);
      persist({ title: offer.text, baseVersion: bases.current.title });
    } else if (field === 'description') {
      setDescriptionDraft(offer.text);
      latest.current = { ...latest.current, description: offer.text };
      persist({ description: offer.text, baseVersion: bases.current.description });
    } else {
      setBlockedOpen(true);
      setBlockedReason(offer.text);
      persist({ blocked: offer.text, baseVersion: bases.current.blocked });
    }
  };

  /** Forgets a kept draft. */
  const discard = (field: DraftField) => {
    discardStoredDraft(cardDraftKey(server.id, field));
    setOffers(({ [field]: _, ...rest }) => rest);
  };

  /** Ticks or unticks "blocked"; unticking clears the reason on the card. */
  const setBlocked = (open: boolean) => {
    setBlockedOpen(open);
    if (!open && card.blocked !== undefined) {
      setBlockedReason('');
      persist({ blocked: null, baseVersion: bases.current.blocked });
    }
  };

  return {
    title,
    setTitle: (value: string) => {
      typed('title');
      setTitle(value);
    },
    description,
    setDescription,
    blockedReason,
    setBlockedReason: (value: string) => {
      typed('blocked');
      setBlockedReason(value);
    },
    offers,
    restore,
    discard,
    blockedOpen,
    setBlocked,
    focus,
    blur,
    choose,
  };
}
