import { lazy } from 'react';

/*
 * What an open page loads only when it is needed (the conflict dialog, the history, the
 * three-way merge) or beside the editor rather than before it (the comment margin). Declared
 * here rather than in the editor's module: dynamic imports inside the editor chunk made the
 * bundler split the app's first-load code into many more small chunks.
 */
export const ConflictDialog = lazy(() => import('./conflict-dialog'));
export const HistoryPanel = lazy(() => import('./history-panel'));
export const loadDiff = () => import('../diff');

/** The comment margin's code (asked for together with the editor's, see `editor-lazy.ts`). */
export const loadComments = () => import('../comments/components/wiki-comments');
export const WikiComments = lazy(() => loadComments().then((module) => ({ default: module.WikiComments })));
