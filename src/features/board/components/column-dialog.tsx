import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError, type BoardColumn, changedFrom, useEditBase } from '@/api';
import { Button, Dialog, FormError, TextField } from '@/ui';
import { useDeleteColumn, useUpdateColumn } from '../mutations';

/** Rename a column, set its WIP limit, move it left or right, or delete it when empty. */
export function ColumnDialog({
  projectId,
  column,
  count,
  last,
  onClose,
}: {
  projectId: string;
  column: BoardColumn | null;
  count: number;
  last: number;
  onClose: () => void;
}) {
  return (
    <Dialog open={column !== null} onClose={onClose} title={column ? `Column “${column.name}”` : ''}>
      {column && (
        <ColumnForm key={column.id} projectId={projectId} column={column} count={count} last={last} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ColumnForm({
  projectId,
  column,
  count,
  last,
  onClose,
}: {
  projectId: string;
  column: BoardColumn;
  count: number;
  last: number;
  onClose: () => void;
}) {
  const [initial] = useState({ name: column.name, wipLimit: column.wipLimit });
  const [name, setName] = useState(initial.name);
  const [limit, setLimit] = useState(initial.wipLimit === null ? '' : String(initial.wipLimit));
  const [base, adopt] = useEditBase(column.version);
  const update = useUpdateColumn(projectId);
  const remove = useDeleteColumn(projectId);
  const limitValue = limit.trim() === '' ? null : Number(limit);
  const limitInvalid = limitValue !== null && (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > 999);
  const serverError = update.error ?? remove.error;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (limitInvalid || !name.trim()) return;
    // Only what was changed here, on the version the dialog was opened on.
    const changes = changedFrom(initial, { name: name.trim(), wipLimit: limitValue });
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ columnId: column.id, ...changes, baseVersion: base }, { onSuccess: onClose, onError: adopt });
  }

  return (
    <form className="stack" onSubmit={handleSubmit}>
      {serverError && <FormError message={errorMessage(serverError)} />}
      <TextField
        label="Name"
        required
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={isApiError(update.error) ? update.error.fieldError('name') : undefined}
      />
      <TextField
        label="WIP limit"
        description="The most cards this column should hold; the board warns when it holds more. Leave empty for none."
        inputMode="numeric"
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        error={limitInvalid ? 'Enter a whole number from 1 to 999, or leave it empty' : undefined}
      />
      <div className="row">
        <Button
          size="small"
          disabled={column.position === 0}
          busy={update.isPending}
          onClick={() => update.mutate({ columnId: column.id, position: column.position - 1 })}
        >
          ← Move left
        </Button>
        <Button
          size="small"
          disabled={column.position >= last}
          busy={update.isPending}
          onClick={() => update.mutate({ columnId: column.id, position: column.position + 1 })}
        >
          Move right →
        </Button>
      </div>
      <div className="dialog-actions">
        <Button
          variant="danger"
          busy={remove.isPending}
          disabled={count > 0}
          title={count > 0 ? 'Move or archive its cards first' : undefined}
          onClick={() => remove.mutate(column.id, { onSuccess: onClose })}
        >
          Delete column
        </Button>
        <span className="card-face-spacer" />
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" busy={update.isPending} disabled={limitInvalid || !name.trim()}>
          Save
        </Button>
      </div>
      {count > 0 && (
        <p className="muted">
          A column with cards cannot be deleted: move or archive its {count} card{count === 1 ? '' : 's'} first.
        </p>
      )}
    </form>
  );
}
