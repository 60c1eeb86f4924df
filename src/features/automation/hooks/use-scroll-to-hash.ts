import { useEffect, useRef } from 'react';

/**
 * Brings the section `id` into view when the page was opened at it (`/agents/…#schedules`, as
 * the palette links), once its content has loaded (`ready`), so it lands where it will stay. The
 * browser's own jump happens before the page has rendered, so it never finds the section.
 */
export function useScrollToHash(id: string, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    if (window.location.hash === `#${id}`) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [id, ready]);
}
