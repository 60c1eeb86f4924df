import { lazy, Suspense, useEffect } from 'react';
import { closePalette, forgetRecent, setRecentOwner, togglePalette, usePalette } from '../store';

// The palette's code loads the first time it opens, not with the page.
const Palette = lazy(() => import('./palette'));

/** Listens for Cmd/Ctrl+K everywhere (inside fields too) and hosts the palette once opened. */
export function PaletteHost({ userId, searchable }: { userId: string; searchable: boolean }) {
  const loaded = usePalette((state) => state.loaded);
  useEffect(() => setRecentOwner(userId), [userId]);
  // A person without a company has nothing to search: the palette offers commands only.
  useEffect(() => usePalette.setState({ searchable }), [searchable]);
  // The host leaves with the signed-in shell (sign-out): close, and forget the recent items.
  useEffect(
    () => () => {
      closePalette();
      forgetRecent();
    },
    [],
  );
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        togglePalette();
      }
    }
    // Capture, so a field or a dialog that handles keys itself cannot swallow the shortcut.
    window.addEventListener('keydown', handleKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', handleKeyDown, { capture: true });
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Palette />
    </Suspense>
  );
}
