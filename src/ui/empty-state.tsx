import type { ReactNode } from 'react';

/**
 * What a list says when it has nothing to show: why, and the way out (clear the filters, create
 * the first one). Announced politely, as the result of what the person just did.
 */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-title">{title}</p>
      {children && <p className="muted">{children}</p>}
      {action}
    </div>
  );
}
