import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '@/ui';
import type { MentionCandidate } from '../candidates';
import '../mentions.css';

/** Where the list sits: under the field, or above it when the window ends below. */
type Position = { top: number; left: number; width: number } | { bottom: number; left: number; width: number };

function place(anchor: HTMLElement, list: HTMLElement): Position {
  const box = anchor.getBoundingClientRect();
  const width = Math.min(Math.max(box.width, 240), 360, window.innerWidth - 16);
  const left = Math.min(Math.max(8, box.left), window.innerWidth - width - 8);
  const height = list.offsetHeight;
  if (box.bottom + 4 + height > window.innerHeight - 8 && box.top - 4 - height > 8) {
    return { bottom: window.innerHeight - box.top + 4, left, width };
  }
  return { top: box.bottom + 4, left, width };
}

/**
 * The suggestions of a mention picker: a listbox right after its field in the document (so it is
 * in the field's landmark and reading order), placed with fixed positioning under the field (so a
 * scrolling panel or a narrow margin card does not clip it), and a polite live region that says
 * how many there are. Options are chosen with the mouse without the field losing focus.
 */
export function MentionListbox({
  id,
  anchor,
  options,
  activeIndex,
  status,
  onHover,
  onChoose,
}: {
  id: string;
  /** The field the list belongs to. */
  anchor: HTMLElement | null;
  /** Empty: the list is closed. */
  options: MentionCandidate[];
  activeIndex: number;
  /** What the live region says ("3 suggestions"). */
  status: string;
  onHover: (index: number) => void;
  onChoose: (candidate: MentionCandidate) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const open = options.length > 0 && anchor !== null;

  useLayoutEffect(() => {
    if (!open || !list.current) return;
    const element = list.current;
    const update = () => setPosition(place(anchor, element));
    update();
    // The field moves with the page or its panel: the list follows.
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, anchor, options.length]);

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, open]);

  return (
    <>
      {/* A plain polite live region (no status role): hosts keep their own single status. */}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {status}
      </span>
      {open && (
        <ul
          ref={list}
          id={id}
          role="listbox"
          aria-label="People and agents to mention"
          className="mention-listbox"
          style={position ?? { visibility: 'hidden', top: 0, left: 0 }}
          // The field keeps focus (and its caret) while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => (
            <li
              key={`${option.kind}:${option.id}`}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="mention-option"
              onMouseMove={() => {
                if (index !== activeIndex) onHover(index);
              }}
              onClick={() => onChoose(option)}
            >
              <Avatar name={option.name} kind={option.kind === 'agent' ? 'agent' : 'human'} size={22} />
              <span className="mention-option-name">{option.name}</span>
              <span className="mention-option-detail">{option.kind === 'agent' ? 'Agent' : option.title}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
