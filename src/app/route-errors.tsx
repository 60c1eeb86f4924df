import { Link, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { errorMessage } from '@/api';
import { Button, useDocumentTitle } from '@/ui';

/** Shown in place of a page whose data could not be loaded; offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useDocumentTitle('Something went wrong');
  return (
    <div className="stack" role="alert">
      <h1>This page could not be loaded</h1>
      <p className="notice" data-tone="danger">
        {errorMessage(error)}
      </p>
      <div className="row">
        <Button
          variant="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Link to="/">Go to Home</Link>
      </div>
    </div>
  );
}

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="stack">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to Home</Link>
      </p>
    </div>
  );
}
