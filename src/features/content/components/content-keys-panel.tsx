import { Suspense, useState, type FormEvent } from 'react';
import { absoluteApiUrl, errorMessage, isApiError, type Me } from '@/api';
import { Button, CopyButton, FormError, QueryNotice, SecretDialog, TextField, useSubmitOnce } from '@/ui';
import { useCreateContentKey } from '../mutations';
import { KEY_NAME_MAX } from '../rules';
import { ContentKeyList } from './content-key-list';
import './content.css';

type Created = { name: string; secret: string };

/**
 * Settings → Content keys: the keys a public site reads published content with. Admins create
 * them (the secret shown once, with a request to try) and revoke them; others learn what they are.
 */
export function ContentKeysPanel({ me }: { me: Me }) {
  const [created, setCreated] = useState<Created | null>(null);
  if (!me.permissions.manageContent) {
    return (
      <section className="card stack" style={{ gap: 8 }}>
        <h2>Content keys</h2>
        <p className="muted">
          A content key lets your public site read published articles, changelog entries and help pages from{' '}
          <code>/api/content/items</code>, and nothing else.{' '}
          {me.company
            ? `Only admins of ${me.company.name} create and revoke them: ask an admin if your site needs one.`
            : 'Content keys belong to a company, and you are not a member of one.'}
        </p>
      </section>
    );
  }
  return (
    <div className="stack" style={{ gap: 24 }}>
      <p className="muted">
        Your public site sends a content key as <code>Authorization: Bearer cak_…</code> to read what is published under
        Content, at <code>/api/content/items</code>. A content key reads published content only: it works nowhere else
        in the API.
      </p>
      <section className="card">
        <CreateContentKeyForm onCreated={setCreated} />
      </section>
      <section className="card">
        <Suspense fallback={<QueryNotice status="loading" label="Loading keys…" />}>
          <ContentKeyList />
        </Suspense>
      </section>
      <SecretDialog
        secret={created?.secret ?? null}
        title={created ? `Copy your new content key “${created.name}”` : ''}
        label="Content key"
        onClose={() => setCreated(null)}
      >
        {created && <TryIt secret={created.secret} />}
      </SecretDialog>
    </div>
  );
}

/** The published items' address: the API's base (`/api`, or where /config.js points) on this origin. */
const contentItemsUrl = () => `${absoluteApiUrl()}/content/items`;

/** A one-line request that lists the published items with the new key, to copy and run. */
function TryIt({ secret }: { secret: string }) {
  const command = `curl -H "Authorization: Bearer ${secret}" ${contentItemsUrl()}`;
  return (
    <div className="stack" style={{ gap: 6 }}>
      <p className="muted">Try it: this lists what is published.</p>
      <div className="row" style={{ flexWrap: 'nowrap', alignItems: 'flex-start' }}>
        <code className="content-curl">{command}</code>
        <CopyButton value={command} label="Copy command" size="small" />
      </div>
    </div>
  );
}

function CreateContentKeyForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const [name, setName] = useState('');
  const create = useCreateContentKey();
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const error = create.error;
  const nameError = isApiError(error) ? error.fieldError('name') : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    submit(trimmed, {
      onSuccess: ({ key, secret }) => {
        setName('');
        onCreated({ name: key.name, secret });
      },
    });
  }

  return (
    <form className="stack" onSubmit={handleSubmit} aria-labelledby="create-content-key-heading">
      <h2 id="create-content-key-heading">Create a content key</h2>
      {error && !nameError && <FormError message={errorMessage(error)} />}
      <TextField
        label="Name"
        description="Say which site uses it, so you recognise it later."
        placeholder="e.g. Marketing site"
        required
        maxLength={KEY_NAME_MAX}
        showCounter
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
      />
      <div>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={name.trim().length === 0}>
          Create key
        </Button>
      </div>
    </form>
  );
}
