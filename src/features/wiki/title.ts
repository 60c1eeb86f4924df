/** The longest page title the server takes (its `title` limit, in characters). */
export const TITLE_MAX = 200;

/** Why a page title cannot be saved as typed (empty, or too long: by how much), or null. */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return 'A page needs a title.';
  const over = trimmed.length - TITLE_MAX;
  if (over > 0)
    return `A title can have up to ${TITLE_MAX} characters: this one has ${trimmed.length}, remove ${over}.`;
  return null;
}

/** "180/200" once a title is near the limit (from 90% of it), for a counter beside the field. */
export function titleCount(title: string): string | null {
  const length = title.trim().length;
  return length >= TITLE_MAX * 0.9 ? `${length}/${TITLE_MAX} characters` : null;
}
