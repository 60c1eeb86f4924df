import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import './side-panel.css';

/**
 * A panel on the right edge for details beside the page (a card beside its board). Not modal:
 * the page stays usable. Focus moves into it when it opens; Esc closes it.
 */
export function SidePanel({
  label,
  onClose,
  header,
  children,
}: {
  label: string;
  onClose: () => void;
  /** Shown in the panel's sticky header beside the close button (a title, a menu). */
  header?: ReactNode;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => {
      // Back to what opened the panel, unless focus has already moved on elsewhere.
      const active = document.activeElement;
      if ((!active || active === document.body) && previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <aside
      ref={panel}
      className="side-panel"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="side-panel-header">
        <div className="side-panel-header-content">{header}</div>
        <Button variant="ghost" size="small" aria-label="Close panel" aria-keyshortcuts="Escape" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <div className="side-panel-body">{children}</div>
    </aside>
  );
}
