/**
 * Whether a key press lands in something that takes text (a field, a select, an editor), where
 * single-key shortcuts must not fire.
 */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
