import { Icon } from '@/ui';
import { STATUS_LABELS, type ContentStatus } from '../rules';

/** Draft (neutral) or Published (green). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return (
    <span className="badge" data-tone={status === 'published' ? 'success' : undefined}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** An item's tags as a list of small chips. */
export function TagList({ tags }: { tags: string[] }) {
  return (
    <ul className="content-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="content-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** The Content section's icon (a page with lines of text). */
export const ContentIcon = () => (
  <Icon>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h5" />
  </Icon>
);
