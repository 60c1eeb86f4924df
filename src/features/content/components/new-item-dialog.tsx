import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { Button, Dialog, FormError, SelectField, TextField, useSubmitOnce } from '@/ui';
import { useCreateContentItem } from '../mutations';
import type { ContentItem } from '../queries';
import { KIND_LABELS, KINDS, TITLE_MAX, type ContentKind } from '../rules';

/**
 * "New" for admins: the kind and a title; the server makes the address from the title, and the
 * new draft opens in the editor. Keeps what was typed when the server refuses.
 */
export function NewItemDialog({
  initialKind,
  onClose,
  onCreated,
}: {
  initialKind: ContentKind;
  onClose: () => void;
  onCreated: (item: ContentItem) => void;
}) {
  const [kind, setKind] = useState<ContentKind>(initialKind);
  const [title, setTitle] = useState('');
  const create = useCreateContentItem();
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const error = create.error;
  const fieldError = (path: string) => (isApiError(error) ? error.fieldError(path) : undefined);
  // A refusal about a field is shown at the field; anything else above the form.
  const general = error && !fieldError('title') && !fieldError('kind') ? errorMessage(error) : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    submit({ kind, title: title.trim() }, { onSuccess: onCreated });
  }

  return (
    <Dialog open onClose={onClose} title={`New ${KIND_LABELS[kind].toLowerCase()}`}>
      <form className="stack" onSubmit={handleSubmit}>
        {general && <FormError message={general} />}
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as ContentKind)}
          error={fieldError('kind')}
        >
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Title"
          required
          maxLength={TITLE_MAX}
          showCounter
          value={title}
          data-autofocus
          onChange={(event) => setTitle(event.target.value)}
          description="It starts as a draft: only people in the app see it until it is published."
          error={fieldError('title')}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!title.trim()}>
            Create draft
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
