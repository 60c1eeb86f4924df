import { lazy } from 'react';

/**
 * The wiki's Markdown rich-text field (card descriptions): Tiptap and the Markdown layer in a
 * chunk of their own, loaded when a field is first shown.
 */
export const MarkdownField = lazy(() => import('./markdown-field'));
