import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type CreateApiKeyRequest, type CreatedApiKey } from '@/api';
import {
  Button,
  ChoiceGroup,
  ExpiryField,
  FormError,
  TextField,
  expiresInDays,
  type ExpiryChoice,
  useSubmitOnce,
} from '@/ui';
import { useCreateApiKey } from '../mutations';

const NAME_MAX = 100;

/** Name, scope and lifetime of a new key. Keeps what was typed when the server refuses. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CreateApiKeyRequest['scope']>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const create = useCreateApiKey();
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const error = create.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit(
      { name: name.trim(), scope, expiresInDays: expiresInDays(expiry) },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={handleSubmit} aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create an API key</h2>
      {error && <FormError message={errorMessage(error)} />}
      <TextField
        label="Name"
        description="Say where the key will be used, so you recognise it later."
        placeholder="e.g. Nightly export"
        required
        maxLength={NAME_MAX}
        showCounter
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={isApiError(error) ? error.fieldError('name') : undefined}
      />
      <ChoiceGroup
        legend="Scope"
        name="scope"
        value={scope}
        onChange={setScope}
        options={[
          { value: 'read', title: 'Read', description: 'GET requests only' },
          {
            value: 'write',
            title: 'Write',
            description: 'everything you can do, except billing, keys and account changes',
          },
        ]}
      />
      <ExpiryField value={expiry} onChange={setExpiry} />
      <div>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={name.trim().length === 0}>
          Create key
        </Button>
      </div>
    </form>
  );
}
