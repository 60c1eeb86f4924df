import { lazy } from 'react';

/**
 * Markdown shown read-only as the wiki shows it (Tiptap and the Markdown layer, in the same chunk
 * as the Markdown field), loaded when first shown.
 */
export const MarkdownView = lazy(() => import('./markdown-view'));
