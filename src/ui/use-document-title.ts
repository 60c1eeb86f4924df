import { useEffect } from 'react';

/** Sets the tab title to "<page> · Workspace" while the page is shown. */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    document.title = page ? `${page} · Workspace` : 'Workspace';
  }, [page]);
}
