import { type FormEvent, useState } from 'react';
import { isApiError, publicErrorMessage } from '@/api';
import { Button, FormError, TextField } from '@/ui';
import { INVITATION_GONE_TEXT, isInvitationGone } from '../errors';
import { invitationTokenFrom } from '../invitation-token';
import { useAcceptInvitation, useCreateCompany } from '../mutations';
import './onboarding.css';

/** For a signed-in person without a company: start one, or join one with an invitation link. */
export function OnboardingActions({ email }: { email: string }) {
  return (
    <div className="onboarding-options">
      <section className="card stack" aria-labelledby="onboarding-create">
        <h2 id="onboarding-create">Start a company</h2>
        <p className="muted">You become its first admin and can invite your colleagues right away.</p>
        <CreateCompanyForm />
      </section>
      <section className="card stack" aria-labelledby="onboarding-join">
        <h2 id="onboarding-join">Join with an invitation</h2>
        <p className="muted">Ask an admin of your company to invite {email}, then paste the link they send you here.</p>
        <JoinWithLinkForm />
      </section>
    </div>
  );
}

function CreateCompanyForm() {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useCreateCompany();
  const error = create.error;
  const fieldError = problem ?? (isApiError(error) ? error.fieldError('name') : undefined);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem('Enter a name for your company.');
      return;
    }
    create.mutate(trimmed);
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-labelledby="onboarding-create">
      {error && !fieldError && <FormError message={publicErrorMessage(error)} />}
      <TextField
        label="Company name"
        name="companyName"
        autoComplete="organization"
        required
        maxLength={100}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
          create.reset();
        }}
        error={fieldError}
      />
      <div>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create company
        </Button>
      </div>
    </form>
  );
}

function JoinWithLinkForm() {
  const [link, setLink] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const accept = useAcceptInvitation();
  const error = accept.error;
  const gone = isInvitationGone(error);
  const fieldError = problem ?? (gone ? INVITATION_GONE_TEXT : undefined);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const token = invitationTokenFrom(link);
    if (!token) {
      setProblem('Paste the whole invitation link: it ends with /invite# and a long code.');
      return;
    }
    accept.mutate(token);
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate aria-labelledby="onboarding-join">
      {error && !gone && <FormError message={publicErrorMessage(error)} />}
      <TextField
        label="Invitation link"
        name="invitation"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://…/invite#…"
        required
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setProblem(undefined);
          accept.reset();
        }}
        error={fieldError}
      />
      <div>
        <Button type="submit" variant="primary" busy={accept.isPending}>
          Join company
        </Button>
      </div>
    </form>
  );
}
