import { lazy } from 'react';
import { loadComments } from './page-lazy';

/**
 * The page editor (Tiptap, the Markdown layer): a chunk of its own, loaded on wiki pages only,
 * with the comment margin's chunk asked for at the same time.
 */
export const PageView = lazy(() => {
  void loadComments();
  return import('./page-view');
});
