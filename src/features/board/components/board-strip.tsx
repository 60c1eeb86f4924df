import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The board's horizontal strip of columns: the only part of a page that scrolls sideways. Shadows
 * at its edges show that more columns lie beyond; it takes focus, so arrow keys scroll it, and a
 * vertical wheel with Shift held scrolls it sideways in every browser.
 */
export function BoardStrip({ label, children }: { label: string; children: ReactNode }) {
  const strip = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    const onWheel = (event: WheelEvent) => {
      if (!event.shiftKey || event.deltaX !== 0 || event.deltaY === 0) return;
      event.preventDefault();
      element.scrollLeft += event.deltaY;
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, [measure]);

  return (
    <div
      className="board-strip"
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
    >
      <div
        ref={strip}
        className="board-columns"
        role="region"
        aria-label={label}
        // Focusable so the keyboard can scroll it (arrow keys) when columns do not fit.
        tabIndex={0}
        onScroll={measure}
        onKeyDown={(event) => {
          // Only when the strip itself has focus: arrows inside cards belong to them (drag, menus).
          const element = strip.current;
          if (!element || event.target !== element || event.altKey || event.ctrlKey || event.metaKey) return;
          const column = element.querySelector<HTMLElement>('.board-column');
          const step = (column?.offsetWidth ?? 280) + 12;
          const to =
            event.key === 'ArrowRight'
              ? element.scrollLeft + step
              : event.key === 'ArrowLeft'
                ? element.scrollLeft - step
                : event.key === 'Home'
                  ? 0
                  : event.key === 'End'
                    ? element.scrollWidth
                    : null;
          if (to === null) return;
          event.preventDefault();
          element.scrollTo({ left: to, behavior: 'instant' });
        }}
      >
        {children}
      </div>
    </div>
  );
}
