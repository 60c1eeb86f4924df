import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/api';
import { Button, Dialog, FormError, QueryNotice, SelectField, TextField, useSubmitOnce } from '@/ui';
import { useCreateCard } from '../mutations';
import { boardQueries, projectQueries } from '../queries';
import { closeCreateCard, useCreateCardDialog } from '../create-card-store';

/** Pick a project and a column, type a title: the card is created and opened on its board. */
export default function CreateCardDialog() {
  const open = useCreateCardDialog((state) => state.open);
  return (
    <Dialog open={open} onClose={closeCreateCard} title="Create a card">
      {open && <CreateCardForm />}
    </Dialog>
  );
}

function CreateCardForm() {
  const projects = useQuery(projectQueries.list());
  const live = (projects.data ?? []).filter((project) => !project.archived);
  const [projectId, setProjectId] = useState('');
  const chosen = projectId || live[0]?.id || '';
  const board = useQuery({ ...boardQueries.detail(chosen), enabled: Boolean(chosen) });
  const [columnId, setColumnId] = useState('');
  const column = board.data?.columns.some((item) => item.id === columnId)
    ? columnId
    : (board.data?.columns[0]?.id ?? '');
  const [title, setTitle] = useState('');
  const createCard = useCreateCard(chosen);
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(createCard.mutate);
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !column || !title.trim()) return;
    submit(
      { columnId: column, title: title.trim() },
      {
        onSuccess: ({ card }) => {
          closeCreateCard();
          void navigate({ to: '/projects/$projectId', params: { projectId: chosen }, search: { card: card.id } });
        },
      },
    );
  }

  if (projects.isPending) return <QueryNotice status="loading" label="Loading projects…" />;
  if (live.length === 0) return <p className="muted">There is no project to add a card to yet.</p>;
  return (
    <form className="stack" onSubmit={handleSubmit}>
      {(createCard.error || projects.error || board.error) && (
        <FormError message={errorMessage(createCard.error ?? projects.error ?? board.error)} />
      )}
      <SelectField label="Project" value={chosen} onChange={(event) => setProjectId(event.target.value)}>
        {live.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Column"
        value={column}
        onChange={(event) => setColumnId(event.target.value)}
        disabled={!board.data}
      >
        {board.data?.columns.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Title"
        required
        data-autofocus
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="dialog-actions">
        <Button onClick={closeCreateCard}>Cancel</Button>
        <Button type="submit" variant="primary" busy={createCard.isPending} disabled={!title.trim() || !column}>
          Create card
        </Button>
      </div>
    </form>
  );
}
