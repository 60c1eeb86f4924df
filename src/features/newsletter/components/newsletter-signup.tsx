import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError, publicErrorMessage } from '@/api';
import { Button, FormError, QueryNotice, TextField } from '@/ui';
import { useSubscribe } from '../mutations';
import { newsletterQueries } from '../queries';
import './newsletter.css';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

/**
 * `/subscribe/<companyId>`: the company's name, an email field, and after Subscribe the server's
 * answer, the same for every address (it never says whether one was subscribed already). A link
 * for no company says so; a refusal keeps the address typed.
 */
export function NewsletterSignup({ companyId }: { companyId: string }) {
  const newsletter = useQuery(newsletterQueries.publicNewsletter(companyId));
  if (newsletter.isPending) return <QueryNotice status="loading" label="Opening the signup form…" />;
  if (newsletter.isError) {
    // 404 no such company; 400 not even an id.
    if (isApiError(newsletter.error) && (newsletter.error.status === 404 || newsletter.error.status === 400))
      return (
        <div className="stack">
          <h1>This signup link is not valid</h1>
          <p className="notice" data-tone="warning">
            There is no newsletter at this address. Check the link, or sign up from the website that sent you here.
          </p>
        </div>
      );
    return (
      <div className="stack">
        <h1>Newsletter signup</h1>
        <QueryNotice
          status="error"
          message={publicErrorMessage(newsletter.error)}
          onRetry={() => void newsletter.refetch()}
        />
      </div>
    );
  }
  return <SignupForm companyId={companyId} companyName={newsletter.data.companyName} />;
}

function SignupForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const subscribe = useSubscribe();
  const done = useRef<HTMLHeadingElement>(null);
  const accepted = subscribe.isSuccess ? subscribe.data.message : null;

  // The form goes away: the answer's heading takes the focus, so it is read out.
  useEffect(() => {
    if (accepted) done.current?.focus();
  }, [accepted]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setProblem('Enter an email address, like name@example.com.');
      return;
    }
    setProblem(undefined);
    subscribe.mutate({ companyId, email: address });
  }

  if (accepted) {
    return (
      <div className="stack newsletter-public">
        <h1 ref={done} tabIndex={-1}>
          Check your inbox to confirm
        </h1>
        <p className="notice" data-tone="success" role="status">
          {accepted}
        </p>
        <p className="muted">
          The email has a link to confirm your subscription to {companyName}’s newsletter. Nothing arrived? Look in your
          spam folder, or try again in a few minutes.
        </p>
        <div>
          <Button
            variant="ghost"
            onClick={() => {
              subscribe.reset();
              setEmail('');
            }}
          >
            Sign up another address
          </Button>
        </div>
      </div>
    );
  }

  const error = subscribe.error;
  const emailError = problem ?? (isApiError(error) && error.status === 400 ? error.fieldError('email') : undefined);
  const general = error && !emailError ? publicErrorMessage(error) : undefined;
  return (
    <div className="stack newsletter-public">
      <header className="stack" style={{ gap: 8 }}>
        <h1>{companyName} newsletter</h1>
        <p className="muted">News and articles from {companyName}, by email. You can leave at any time.</p>
      </header>
      <form
        className="stack"
        onSubmit={handleSubmit}
        noValidate
        aria-label={`Subscribe to ${companyName}’s newsletter`}
      >
        {general && <FormError message={general} />}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(undefined);
            // The server's word on the address no longer applies to the one being typed.
            if (isApiError(error) && error.status === 400) subscribe.reset();
          }}
          error={emailError}
          description="We send a link to confirm it is yours."
        />
        <Button type="submit" variant="primary" busy={subscribe.isPending}>
          Subscribe
        </Button>
      </form>
    </div>
  );
}
