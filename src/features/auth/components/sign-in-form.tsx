import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type SignedOutReason } from '@/api';
import { Button, FormError, TextField } from '@/ui';
import { useSignIn } from '../mutations';

const reasonText: Record<SignedOutReason, { tone: 'warning' | 'success'; text: string }> = {
  revoked: { tone: 'warning', text: 'You were signed out: this session was revoked. Sign in again to continue.' },
  expired: { tone: 'warning', text: 'Your session expired. Sign in again to continue.' },
  invalid: { tone: 'warning', text: 'Your session is no longer valid. Sign in again to continue.' },
  'signed-out': { tone: 'success', text: 'You signed out.' },
  deleted: { tone: 'success', text: 'Your account was deleted.' },
};

/** Email and password; on failure shows the server's message and keeps what was typed. */
export function SignInForm({
  reason,
  onSignedIn,
  defaultEmail = '',
}: {
  reason: SignedOutReason | null;
  /** Not called when signing in unmounts the form (a page that changes with the session). */
  onSignedIn?: () => void;
  /** The address to start from (an invitation's). */
  defaultEmail?: string;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const error = signIn.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  }

  const notice = reason ? reasonText[reason] : undefined;
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      {notice && !error && (
        <p className="notice" data-tone={notice.tone} role="status">
          {notice.text}
        </p>
      )}
      {error && <FormError message={errorMessage(error)} />}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        autoFocus={!defaultEmail}
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={isApiError(error) ? error.fieldError('email') : undefined}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        autoFocus={Boolean(defaultEmail)}
        maxLength={1024}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={isApiError(error) ? error.fieldError('password') : undefined}
      />
      <Button type="submit" variant="primary" busy={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}
