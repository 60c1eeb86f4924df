import { Suspense } from 'react';
import { MarkdownView } from '@/features/wiki';
import { QueryNotice } from '@/ui';
import type { ItemDraft } from '../rules';
import { TagList } from './item-bits';

/**
 * An item as a reader sees it: title, excerpt, tags and the body rendered read-only the way the
 * wiki renders Markdown (no HTML from the text is ever injected).
 */
export function ItemPreview({ draft, withTitle = true }: { draft: ItemDraft; withTitle?: boolean }) {
  return (
    <article className="content-preview" aria-label="Preview">
      {withTitle && <h2 className="content-preview-title">{draft.title.trim() || 'Untitled'}</h2>}
      {draft.excerpt.trim() && <p className="content-preview-excerpt">{draft.excerpt}</p>}
      {draft.tags.length > 0 && <TagList tags={draft.tags} />}
      {draft.body.trim() ? (
        <Suspense fallback={<QueryNotice status="loading" label="Rendering…" />}>
          <MarkdownView markdown={draft.body} label="Body" />
        </Suspense>
      ) : (
        <p className="muted">No body yet.</p>
      )}
    </article>
  );
}
