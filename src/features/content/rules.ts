/**
 * The server's bounds for a content item and a content key, checked before sending so a mistake
 * is shown at once next to its field (the server checks the same and has the last word).
 */
export const TITLE_MAX = 200;
export const SLUG_MAX = 100;
export const BODY_MAX = 200_000;
export const EXCERPT_MAX = 500;
export const TAGS_MAX = 10;
export const TAG_MAX = 40;
export const KEY_NAME_MAX = 100;

/** Lowercase letters and digits in groups joined by single dashes (`release-notes-2`). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type ContentKind = 'article' | 'changelog' | 'help';
export type ContentStatus = 'draft' | 'published';

export const KINDS: readonly ContentKind[] = ['article', 'changelog', 'help'];

/** A kind as a person reads it. */
export const KIND_LABELS: Record<ContentKind, string> = {
  article: 'Article',
  changelog: 'Changelog entry',
  help: 'Help page',
};

/** A kind's tab (plural). */
export const KIND_TABS: Record<ContentKind, string> = {
  article: 'Articles',
  changelog: 'Changelog',
  help: 'Help',
};

export const STATUS_LABELS: Record<ContentStatus, string> = { draft: 'Draft', published: 'Published' };

/** Why a slug is refused, or undefined when it is fine. */
export function slugError(slug: string): string | undefined {
  if (slug.length === 0) return 'Enter the address, for example “launch-week”.';
  if (slug.length > SLUG_MAX) return `At most ${SLUG_MAX} characters.`;
  if (!SLUG_PATTERN.test(slug)) return 'Use lowercase letters, digits and single dashes between them (no spaces).';
  return undefined;
}

/** Why a tag is refused, or undefined when it is fine. */
export function tagError(tag: string): string | undefined {
  if (tag.length === 0) return undefined;
  if (tag.length > TAG_MAX) return `A tag has at most ${TAG_MAX} characters.`;
  if (!SLUG_PATTERN.test(tag)) return 'A tag uses lowercase letters, digits and single dashes (no spaces).';
  return undefined;
}

/** A tag as typed, the way the server keeps it: trimmed, lowercase, spaces as dashes. */
export function normalizeTag(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** A suggested slug for a title: lowercase ASCII words joined by dashes (accents dropped). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** What an item's fields hold in the editor. */
export type ItemDraft = {
  kind: ContentKind;
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  body: string;
};

export type DraftErrors = Partial<Record<keyof ItemDraft, string>>;

/** The problems with a draft, by field (empty when it can be saved). */
export function draftErrors(draft: ItemDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title.length === 0) errors.title = 'Give it a title.';
  else if (title.length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters.`;
  const slug = slugError(draft.slug);
  if (slug) errors.slug = slug;
  if (draft.excerpt.length > EXCERPT_MAX) errors.excerpt = `At most ${EXCERPT_MAX} characters.`;
  if (draft.tags.length > TAGS_MAX) errors.tags = `At most ${TAGS_MAX} tags.`;
  else {
    const bad = draft.tags.map(tagError).find(Boolean);
    if (bad) errors.tags = bad;
  }
  if (draft.body.length > BODY_MAX)
    errors.body = `Too long: ${draft.body.length.toLocaleString()} of ${BODY_MAX.toLocaleString()} characters.`;
  return errors;
}
