import { type FormEvent, useState } from 'react';
import { isApiError, publicErrorMessage, type SignedOutReason } from '@/api';
import { Button, FormError, TextField } from '@/ui';
import { useSignIn } from '../mutations';

const reasonText: Record<SignedOutReason, { tone: 'warning' | 'success'; text: string }> = {
  revoked: { tone: 'warning', text: 'You were signed out: this session was revoked. Sign in again to continue.' },
  expired: { tone: 'warning', text: 'Your session expired. Sign in again to continue.' },
  invalid: { tone: 'warning', text: 'Your session is no longer valid. Sign in again to continue.' },
  'signed-out': { tone: 'success', text: 'You signed out.' },
  deleted: { tone: 'success', text: 'Your account was deleted.' },
};

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Email and password; on failure shows the server's message and keeps what was typed. An empty
 * or malformed field is said at the field, in its words, before anything is sent.
 */
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
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  const signIn = useSignIn();
  const error = signIn.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const found = {
      email: !address
        ? 'Enter your email address.'
        : !LOOKS_LIKE_EMAIL.test(address)
          ? 'Enter an email address, like name@company.com.'
          : undefined,
      password: password ? undefined : 'Enter your password.',
    };
    setProblems(found);
    if (found.email || found.password) return;
    signIn.mutate({ email: address, password }, { onSuccess: onSignedIn });
  }

  const fieldError = (field: 'email' | 'password') =>
    problems[field] ?? (isApiError(error) ? error.fieldError(field) : undefined);
  // Above the fields: what belongs to neither of them (wrong password, too many attempts).
  const general =
    error && !(isApiError(error) && error.code === 'VALIDATION_ERROR' && error.issues.length > 0)
      ? publicErrorMessage(error)
      : undefined;

  const notice = reason ? reasonText[reason] : undefined;
  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      {notice && !general && (
        <p className="notice" data-tone={notice.tone} role="status">
          {notice.text}
        </p>
      )}
      {general && <FormError message={general} />}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        autoFocus={!defaultEmail}
        maxLength={254}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setProblems((previous) => ({ ...previous, email: undefined }));
        }}
        error={fieldError('email')}
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
        onChange={(event) => {
          setPassword(event.target.value);
          setProblems((previous) => ({ ...previous, password: undefined }));
        }}
        error={fieldError('password')}
      />
      <Button type="submit" variant="primary" busy={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}
