import { useQuery } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { memberQueries } from '@/features/members';
import { type MentionCandidate, filterCandidates, mentionCandidates } from './candidates';
import { MentionListbox } from './components/mention-listbox';
import { mentionQueryAt, mentionSyntax } from './syntax';

/** What a composer spreads on its textarea (it keeps its own `value`, label and other handlers). */
export type MentionTextareaProps = {
  ref: (element: HTMLTextAreaElement | null) => void;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onBlur: () => void;
  'aria-autocomplete': 'list';
  'aria-haspopup': 'listbox';
  'aria-controls': string | undefined;
  'aria-activedescendant': string | undefined;
};

export type MentionPicker = {
  textareaProps: MentionTextareaProps;
  /**
   * The composer's keydown handler calls this first: true when the picker used the key (arrows,
   * Enter, Tab, Esc while suggestions show), and the composer then does nothing with it.
   */
  handleKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The suggestions and their live announcement: render it anywhere in the composer. */
  popup: ReactNode;
};

/**
 * A mention picker for a plain textarea (WAI-ARIA combobox pattern with a listbox popup): typing
 * `@` at the start of a word suggests the company's people and agents, filtered by what follows;
 * arrows move, Enter or Tab insert, Esc closes (the key goes no further, so a surrounding panel
 * stays open), the mouse works too. Inserting writes `@[Name](person:<id>)` (or `agent:`) and puts
 * the caret after it. The textarea keeps its textbox role (a textarea may not take another role)
 * and carries `aria-autocomplete`, `aria-haspopup`, `aria-controls` and `aria-activedescendant`.
 */
export function useMentionPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}): MentionPicker {
  const id = useId();
  const listId = `${id}-mentions`;
  // State, not a ref: the popup is placed against the field, so it must re-render once the field exists.
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  /** The caret while the field has focus; null otherwise (no suggestions then). */
  const [caret, setCaret] = useState<number | null>(null);
  /** The `@` whose suggestions Esc closed: they stay closed until another `@` is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState<{ key: string; index: number }>({ key: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);

  const trigger = caret === null ? null : mentionQueryAt(value, caret);
  // The list loads the first time someone types `@` (and is then kept by the query cache).
  const members = useQuery({ ...memberQueries.list(), enabled: trigger !== null });
  const candidates = useMemo(() => mentionCandidates(members.data ?? []), [members.data]);
  const query = trigger?.query ?? null;
  const options = useMemo(() => (query === null ? [] : filterCandidates(candidates, query)), [candidates, query]);
  const live = trigger !== null && trigger.start !== dismissed;
  const open = live && options.length > 0;
  const key = trigger ? `${trigger.start}:${trigger.query}` : '';
  const activeIndex = open && active.key === key ? Math.min(active.index, options.length - 1) : 0;

  // After an insertion the caret goes after the mention (once the new value is in the field).
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    const element = textarea;
    if (at === null || !element || element.value !== value) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(at, at);
    setCaret(at);
  }, [value, textarea]);

  function choose(candidate: MentionCandidate) {
    if (!trigger || caret === null) return;
    const syntax = mentionSyntax(candidate.kind, candidate.id, candidate.name);
    const rest = value.slice(caret);
    // One space after the mention: the one already there, or a new one.
    const spaced = /^\s/.test(rest) ? syntax : `${syntax} `;
    pendingCaret.current = trigger.start + spaced.length + (spaced === syntax ? 1 : 0);
    onChange(value.slice(0, trigger.start) + spaced + rest);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    const move = (index: number) => {
      event.preventDefault();
      setActive({ key, index: (index + options.length) % options.length });
      return true;
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        event.preventDefault();
        choose(options[activeIndex]!);
        return true;
      case 'Escape':
        // Closes the suggestions only: not the composer, the panel or the page around them.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(trigger!.start);
        return true;
      default:
        return false;
    }
  }

  const readCaret = (element: HTMLTextAreaElement) => {
    const at = element.selectionStart === element.selectionEnd ? element.selectionStart : null;
    setCaret(at);
    // A new `@` (or none) forgets the closed one.
    const next = at === null ? null : mentionQueryAt(element.value, at);
    if (dismissed !== null && next?.start !== dismissed) setDismissed(null);
  };

  let status = '';
  if (open) status = options.length === 1 ? '1 suggestion' : `${options.length} suggestions`;
  else if (live && members.isSuccess) status = 'No suggestions';

  return {
    textareaProps: {
      ref: setTextarea,
      onChange: (event) => {
        readCaret(event.target);
        onChange(event.target.value);
      },
      onSelect: (event) => readCaret(event.currentTarget),
      onBlur: () => setCaret(null),
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? `${listId}-${activeIndex}` : undefined,
    },
    handleKeyDown,
    popup: (
      <MentionListbox
        id={listId}
        anchor={textarea}
        options={open ? options : []}
        activeIndex={activeIndex}
        status={status}
        onHover={(index) => setActive({ key, index })}
        onChoose={choose}
      />
    ),
  };
}
