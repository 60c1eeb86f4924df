import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { Button, Dialog, TextField } from '@/ui';
import { nameProblem } from '../format';
import { useCreateFolder } from '../mutations';

/**
 * Names a new folder in the folder shown (mounted while open); the server's refusal (a name
 * taken) shows under the field, with the name kept.
 */
export function NewFolderDialog({ parentId, onClose }: { parentId: string | null; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="New folder">
      <NewFolderForm parentId={parentId} onClose={onClose} />
    </Dialog>
  );
}

function NewFolderForm({ parentId, onClose }: { parentId: string | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const create = useCreateFolder();
  const error =
    problem ??
    (create.error
      ? isApiError(create.error)
        ? (create.error.fieldError('name') ?? create.error.message)
        : errorMessage(create.error)
      : undefined);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const wrong = nameProblem(trimmed);
    setProblem(wrong);
    if (wrong) return;
    create.mutate(
      { name: trimmed, parentId },
      {
        onSuccess: onClose,
      },
    );
  }

  return (
    <form className="stack" onSubmit={handleSubmit}>
      <TextField
        label="Name"
        value={name}
        maxLength={255}
        required
        autoComplete="off"
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
          if (create.isError) create.reset();
        }}
      />
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
          Create folder
        </Button>
      </div>
    </form>
  );
}
