import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import './menu.css';

export type MenuItem = {
  label: string;
  icon?: ReactNode;
  /** A key shown beside the label (the action's shortcut elsewhere). */
  hint?: string;
  tone?: 'danger';
  disabled?: boolean;
  onSelect: () => void;
};

type MenuProps = {
  /** The button that opened the menu: the menu sits beside it and focus returns to it. */
  anchor: HTMLElement;
  /** What the menu is about, for screen readers ("Actions for Book caterer"). */
  label: string;
  items: MenuItem[];
  onClose: () => void;
};

/**
 * A menu of actions (WAI-ARIA menu pattern) opened from a button: arrow keys, Home and End move,
 * Enter or Space choose, Escape closes and returns focus to the button, Tab closes. Rendered in
 * the document body with fixed positioning, so scroll areas and containment do not clip it.
 */
export function Menu({ anchor, label, items, onClose }: MenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const box = anchor.getBoundingClientRect();
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    // Below the button, right edges aligned; above it or further left where the window ends.
    let top = box.bottom + 4;
    if (top + height > window.innerHeight - 8) top = Math.max(8, box.top - height - 4);
    const left = Math.min(Math.max(8, box.right - width), window.innerWidth - width - 8);
    setPosition({ top, left });
  }, [anchor]);

  // Once placed (and visible: a hidden element cannot take focus), the first item has focus.
  const placed = position !== null;
  useLayoutEffect(() => {
    if (placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [placed]);

  useEffect(() => {
    const dismiss = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) closeRef.current();
    };
    const onScroll = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) closeRef.current();
    };
    const onResize = () => closeRef.current();
    document.addEventListener('pointerdown', dismiss, true);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', dismiss, true);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [anchor]);

  const close = (returnFocus: boolean) => {
    onClose();
    if (returnFocus && anchor.isConnected) anchor.focus();
  };

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
      (entry) => entry.getAttribute('aria-disabled') !== 'true',
    );
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => entries[(next + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1);
        break;
      case 'ArrowUp':
        focus(index - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(entries.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default: {
        // Typing a letter moves to the next item starting with it.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLowerCase();
        const start = index + 1;
        const match = [...entries.slice(start), ...entries.slice(0, start)].find((entry) =>
          entry.textContent?.trim().toLowerCase().startsWith(letter),
        );
        match?.focus();
      }
    }
    event.preventDefault();
    event.stopPropagation();
  }

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="menu"
      style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
      onKeyDown={handleKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="menu-item"
          data-tone={item.tone}
          aria-disabled={item.disabled || undefined}
          onClick={() => {
            if (item.disabled) return;
            close(true);
            item.onSelect();
          }}
        >
          <span className="menu-item-icon" aria-hidden="true">
            {item.icon}
          </span>
          <span className="menu-item-label">{item.label}</span>
          {item.hint && (
            <kbd className="menu-item-hint" aria-hidden="true">
              {item.hint}
            </kbd>
          )}
        </button>
      ))}
    </div>,
    document.body,
  );
}

/** A button that opens a menu of `items` below it. */
export function MenuButton({
  label,
  items,
  children,
  className,
}: {
  /** The button's accessible name, also the menu's. */
  label: string;
  items: MenuItem[];
  children: ReactNode;
  className?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="small"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        {children}
      </Button>
      {anchor && <Menu anchor={anchor} label={label} items={items} onClose={() => setAnchor(null)} />}
    </>
  );
}
