import { publicErrorMessage } from '@/api';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button, FormError } from '@/ui';
import { tokenProblem } from '../errors';
import { useConfirmSubscription, useUnsubscribe } from '../mutations';
import './newsletter.css';

type Subscription = { companyName: string; email: string };

/**
 * A page behind a link from a newsletter email: says what the button does, and does it only when
 * pressed — a mail scanner that opens every link must not confirm or unsubscribe anyone. A link
 * without its token, or with one the server refuses, says so.
 */
function LinkAction({
  token,
  title,
  intro,
  actionLabel,
  run,
  busy,
  result,
  error,
  refusedTitle,
  refusedHelp,
}: {
  token: string | null;
  title: string;
  intro: ReactNode;
  actionLabel: string;
  run: (token: string) => void;
  busy: boolean;
  result: ReactNode | null;
  error: Error | null;
  refusedTitle: string;
  refusedHelp: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const refused = tokenProblem(error);
  const finished = result !== null || refused !== undefined;
  // The button goes away: the new heading takes the focus, so it is read out.
  useEffect(() => {
    if (finished) heading.current?.focus();
  }, [finished]);

  if (!token)
    return (
      <div className="stack newsletter-public">
        <h1>This link is incomplete</h1>
        <p className="notice" data-tone="warning">
          Open the link from the email again, or copy all of it into the address bar.
        </p>
      </div>
    );
  if (result !== null) return <div className="stack newsletter-public">{result}</div>;
  if (refused !== undefined)
    return (
      <div className="stack newsletter-public">
        <h1 ref={heading} tabIndex={-1}>
          {refusedTitle}
        </h1>
        <p className="notice" data-tone="warning" role="alert">
          {refused}
        </p>
        <p className="muted">{refusedHelp}</p>
      </div>
    );
  return (
    <div className="stack newsletter-public">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      {error && <FormError message={publicErrorMessage(error)} />}
      <div>
        <Button variant="primary" busy={busy} onClick={() => run(token)}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}

/** `/newsletter/confirm?token=`: "Confirm subscription", then whose newsletter the address now receives. */
export function ConfirmSubscription({ token }: { token: string | null }) {
  const confirm = useConfirmSubscription();
  const heading = useRef<HTMLHeadingElement>(null);
  const data: Subscription | undefined = confirm.data;
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data]);
  return (
    <LinkAction
      token={token}
      title="Confirm your subscription"
      intro="You asked to receive a newsletter at this address. Confirm it to start receiving it."
      actionLabel="Confirm subscription"
      run={(value) => confirm.mutate(value)}
      busy={confirm.isPending}
      error={confirm.error}
      result={
        data ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              You’re subscribed to {data.companyName}’s newsletter
            </h1>
            <p className="notice" data-tone="success" role="status">
              {data.email} will receive it. Every email has a link to unsubscribe.
            </p>
          </>
        ) : null
      }
      refusedTitle="This confirmation link cannot be used"
      refusedHelp="Links to confirm work for 7 days, and only the newest one sent to an address. Sign up again to get a new link."
    />
  );
}

/** `/newsletter/unsubscribe?token=`: "Unsubscribe", then a confirmation that no more newsletters come. */
export function Unsubscribe({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribe();
  const heading = useRef<HTMLHeadingElement>(null);
  const data: Subscription | undefined = unsubscribe.data;
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data]);
  return (
    <LinkAction
      token={token}
      title="Unsubscribe from the newsletter"
      intro="You will receive no more newsletters at this address. You can sign up again at any time."
      actionLabel="Unsubscribe"
      run={(value) => unsubscribe.mutate(value)}
      busy={unsubscribe.isPending}
      error={unsubscribe.error}
      result={
        data ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              You’re unsubscribed
            </h1>
            <p className="notice" data-tone="success" role="status">
              {data.email} will receive no more of {data.companyName}’s newsletter.
            </p>
          </>
        ) : null
      }
      refusedTitle="This unsubscribe link cannot be used"
      refusedHelp="Open the unsubscribe link from the newest email you received: every email from the list carries one."
    />
  );
}
