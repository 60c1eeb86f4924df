import { useEffect } from 'react';

let page = '';
let prefix = '';

function applyTitle() {
  document.title = `${prefix}${page ? `${page} · Workspace` : 'Workspace'}`;
}

/** Sets the tab title to "<page> · Workspace" while the page is shown (after the app-wide prefix, if any). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    page = title;
    applyTitle();
  }, [title]);
}

/**
 * A prefix the whole app puts before every page's title, such as the unread count "(3) ". Set in
 * one place (the shell); pages keep calling `useDocumentTitle` without knowing about it.
 */
export function setDocumentTitlePrefix(next: string) {
  if (next === prefix) return;
  prefix = next;
  applyTitle();
}
