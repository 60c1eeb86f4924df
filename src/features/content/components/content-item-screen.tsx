import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/ui';
import { contentQueries, type ContentItem } from '../queries';
import { KIND_LABELS } from '../rules';
import { ContentEditor } from './content-editor';
import { StatusBadge } from './item-bits';
import './content.css';
import { ItemPreview } from './item-preview';

/** `/content/$itemId`: the editor for admins, the item read-only for everyone else. */
export function ContentItemScreen({ itemId, canWrite }: { itemId: string; canWrite: boolean }) {
  const item = useSuspenseQuery(contentQueries.detail(itemId)).data;
  return canWrite ? <ContentEditor key={item.id} item={item} /> : <ContentReader item={item} />;
}

/** An item as members see it: what it is, where it is published, and the rendered text. */
function ContentReader({ item }: { item: ContentItem }) {
  useDocumentTitle(item.title);
  return (
    <article className="content-editor stack">
      <header className="content-editor-header">
        <Link to="/content" className="content-back">
          ← Content
        </Link>
        <div className="content-editor-title">
          <h1>{item.title}</h1>
          <StatusBadge status={item.status} />
        </div>
        <p className="muted">
          {KIND_LABELS[item.kind]}
          {item.authorName ? ` by ${item.authorName}` : ''} · updated {formatDateTime(item.updatedAt)}
          {item.status === 'published' && item.publishedAt ? ` · published ${formatDateTime(item.publishedAt)}` : ''}
        </p>
        <p className="muted">
          URL path <span className="mono">/{item.slug}</span>. Only admins edit content.
        </p>
      </header>
      <ItemPreview draft={item} withTitle={false} />
    </article>
  );
}
