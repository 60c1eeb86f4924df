import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { isApiError, publicErrorMessage } from '@/api';
import { Button, FormError, TextField } from '@/ui';
import { useSignUp } from '../mutations';
import { PASSWORD_MAX, PASSWORD_RULE, passwordProblem } from '../password-rule';
import { emailHasAccount } from '../queries';

type Field = 'name' | 'email' | 'password' | 'companyName';
const fieldNames: Record<Field, string> = {
  name: 'Your name',
  email: 'The email',
  password: 'The password',
  companyName: 'The company name',
};
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type SignUpFormProps = {
  /** Joining through an invitation: its email is the suggestion, and no company is created. */
  invitation?: { token: string; email: string; companyName: string };
  /** Where "sign in instead" goes; a link to the sign-in page when not given. */
  onSignInInstead?: (email: string) => void;
};

/**
 * Name, email, password (its rule shown up front) and, without an invitation, the company to
 * create. Says as soon as the email is known to have an account; a refusal keeps what was typed
 * and shows each problem at its field. Signed up, the person lands on the workspace's Home.
 */
export function SignUpForm({ invitation, onSignInInstead }: SignUpFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: invitation?.email ?? '',
    password: '',
    companyName: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  // The email (lower-cased) an account is known to use, from the check on leaving the field.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const checked = useRef<string | null>(null);
  const signUp = useSignUp();
  const error = signUp.error;

  const email = values.email.trim();
  const emailTaken = takenEmail === email.toLowerCase();

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  }

  function handleEmailBlur() {
    const candidate = email.toLowerCase();
    if (!LOOKS_LIKE_EMAIL.test(candidate) || checked.current === candidate) return;
    checked.current = candidate;
    // Only a hint: when the check is refused (too many attempts), sign-up itself still says so.
    emailHasAccount(candidate).then(
      (exists) => setTakenEmail((current) => (exists ? candidate : current === candidate ? null : current)),
      () => undefined,
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = 'Enter your name.';
    if (!LOOKS_LIKE_EMAIL.test(email)) found.email = 'Enter an email address, like name@company.com.';
    const password = passwordProblem(values.password, { email, name: values.name });
    if (password) found.password = password;
    if (!invitation && !values.companyName.trim()) found.companyName = 'Enter the name of your company.';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    signUp.mutate(
      {
        name: values.name.trim(),
        email,
        password: values.password,
        ...(invitation ? { invitationToken: invitation.token } : { companyName: values.companyName.trim() }),
      },
      {
        onError: (refusal) => {
          if (isApiError(refusal) && refusal.code === 'EMAIL_TAKEN') setTakenEmail(email.toLowerCase());
        },
      },
    );
  }

  const serverField = (field: Field) => {
    const message = isApiError(error) ? error.fieldError(field) : undefined;
    // The server words a field's problem as the end of a sentence ("is one of the most common…").
    return message && /^[a-z]/.test(message) ? `${fieldNames[field]} ${message.replace(/\.?$/, '.')}` : message;
  };
  const fieldError = (field: Field) => problems[field] ?? serverField(field);
  // What the form says above the fields: anything that does not belong to one of them.
  const general =
    error && !emailTaken && !(['name', 'email', 'password', 'companyName'] as const).some((field) => serverField(field))
      ? publicErrorMessage(error)
      : undefined;

  const signInInstead: ReactNode = onSignInInstead ? (
    <button type="button" className="link-button" onClick={() => onSignInInstead(email)}>
      sign in instead
    </button>
  ) : (
    <Link to="/signin">sign in instead</Link>
  );

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-label="Create your account">
      {general && <FormError message={general} />}
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        autoFocus
        maxLength={100}
        value={values.name}
        onChange={(event) => change('name', event.target.value)}
        error={fieldError('name')}
      />
      <div>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          onBlur={handleEmailBlur}
          error={fieldError('email')}
          description={
            emailTaken ? (
              <span className="signup-hint">This email already has an account — {signInInstead}.</span>
            ) : invitation && email.toLowerCase() === invitation.email.toLowerCase() ? (
              'The address you were invited at. You can use another one.'
            ) : undefined
          }
        />
        <p className="visually-hidden" aria-live="polite">
          {emailTaken ? 'This email already has an account.' : ''}
        </p>
      </div>
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        description={PASSWORD_RULE}
        error={fieldError('password')}
      />
      {!invitation && (
        <TextField
          label="Company name"
          name="companyName"
          autoComplete="organization"
          required
          maxLength={100}
          description="You become its first admin and can invite your colleagues."
          value={values.companyName}
          onChange={(event) => change('companyName', event.target.value)}
          error={fieldError('companyName')}
        />
      )}
      <Button type="submit" variant="primary" busy={signUp.isPending}>
        {invitation ? `Create account and join ${invitation.companyName}` : 'Create account and company'}
      </Button>
    </form>
  );
}
