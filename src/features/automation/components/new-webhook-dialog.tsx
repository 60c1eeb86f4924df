import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type Agent, type CreatedWebhookEndpoint } from '@/api';
import { Button, Dialog, FormError, TextField, useSubmitOnce } from '@/ui';
import { useCreateWebhook } from '../mutations';

const NAME_MAX = 80;

/** "New webhook…": a name. Keeps what was typed when the server refuses. */
export function NewWebhookDialog({
  agent,
  onClose,
  onCreated,
}: {
  agent: Agent;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateWebhook(agent.id);
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const error = create.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    submit({ name: name.trim() }, { onSuccess: onCreated });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`New webhook for ${agent.name}`}
      description={`Outside systems POST signed JSON to its URL, and ${agent.name} gets each delivery.`}
    >
      <form className="stack" onSubmit={handleSubmit}>
        {error && <FormError message={errorMessage(error)} />}
        <TextField
          label="Name"
          description="Say who sends to it, so you recognise it later."
          placeholder="e.g. CI builds"
          required
          maxLength={NAME_MAX}
          showCounter
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={isApiError(error) ? error.fieldError('name') : undefined}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={name.trim().length === 0}>
            Create webhook
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
