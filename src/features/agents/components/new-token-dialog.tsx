import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type Agent, type CreatedAgentToken } from '@/api';
import {
  Button,
  Dialog,
  ExpiryField,
  FormError,
  TextField,
  expiresInDays,
  type ExpiryChoice,
  useSubmitOnce,
} from '@/ui';
import { useCreateAgentToken } from '../mutations';

const NAME_MAX = 80;

/** "New token…": a name and a lifetime. Keeps what was typed when the server refuses. */
export function NewTokenDialog({
  agent,
  onClose,
  onCreated,
}: {
  agent: Agent;
  onClose: () => void;
  onCreated: (created: CreatedAgentToken) => void;
}) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const create = useCreateAgentToken(agent.id);
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const error = create.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    const days = expiresInDays(expiry);
    submit({ name: name.trim(), ...(days !== null && { expiresInDays: days }) }, { onSuccess: onCreated });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`New token for ${agent.name}`}
      description={`A program holding this token acts as ${agent.name}: it reads and writes what the agent may.`}
    >
      <form className="stack" onSubmit={handleSubmit}>
        {error && <FormError message={errorMessage(error)} />}
        <TextField
          label="Name"
          description="Say where it will run, so you recognise it later."
          placeholder="e.g. Runner on the build server"
          required
          maxLength={NAME_MAX}
          showCounter
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={isApiError(error) ? error.fieldError('name') : undefined}
        />
        <ExpiryField value={expiry} onChange={setExpiry} />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={name.trim().length === 0}>
            Create token
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
