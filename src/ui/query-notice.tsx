import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

type QueryNoticeProps =
  /** Data on its way: a spinner and what is loading ("Loading card…"). */
  | { status: 'loading'; label: string }
  /** A failure: the server's message, announced at once, and a retry where one makes sense. */
  | { status: 'error'; message: string; onRetry?: () => void }
  /** Nothing to show: why, and the way out. */
  | { status: 'empty'; title: string; children?: ReactNode; action?: ReactNode };

/**
 * The one way a part of a page says it is loading, that it failed, or that it has nothing to
 * show, so every list and panel says so alike (and screen readers hear it alike).
 */
export function QueryNotice(props: QueryNoticeProps) {
  switch (props.status) {
    case 'loading':
      return (
        <p className="row muted" role="status">
          <Spinner /> {props.label}
        </p>
      );
    case 'error':
      return (
        <div className="notice row query-notice-error" data-tone="danger" role="alert">
          <span>{props.message}</span>
          {props.onRetry && (
            <Button size="small" onClick={props.onRetry}>
              Try again
            </Button>
          )}
        </div>
      );
    case 'empty':
      return (
        <EmptyState title={props.title} action={props.action}>
          {props.children}
        </EmptyState>
      );
  }
}

/** A refused form submission: the server's message, announced at once, above the form. */
export function FormError({ message }: { message: string }) {
  return (
    <p className="notice" data-tone="danger" role="alert">
      {message}
    </p>
  );
}
