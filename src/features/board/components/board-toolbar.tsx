import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage, type Member, type ProjectDetail, changedFrom, useEditBase } from '@/api';
import { assigneeOptions } from '@/features/members';
import { Button, Dialog, FormError, TextAreaField, TextField } from '@/ui';
import { hasFilters, PRIORITIES, priorityLabel, type BoardFilters } from '../filters';
import { useCreateColumn, useUpdateProject } from '../mutations';

type ToolbarProps = {
  board: ProjectDetail;
  members: Member[];
  filters: BoardFilters;
  onFiltersChange: (filters: BoardFilters) => void;
};

/** Filters (kept in the URL), adding a column, and the project's settings. */
export function BoardToolbar({ board, members, filters, onFiltersChange }: ToolbarProps) {
  const [addingColumn, setAddingColumn] = useState(false);
  const [settings, setSettings] = useState(false);
  const labels = useMemo(
    () =>
      [...new Set(board.columns.flatMap((column) => column.cards.flatMap((card) => card.labels)))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [board],
  );
  // The same list as the card panel's picker, plus whoever is assigned here already (a completed
  // agent's cards still show and filter).
  const assignees = useMemo(
    () =>
      assigneeOptions(
        members,
        board.columns.flatMap((column) => column.cards.map((card) => card.assignee)),
      ),
    [members, board],
  );
  const set = (patch: Partial<BoardFilters>) => onFiltersChange({ ...filters, ...patch });

  return (
    <div className="board-toolbar" role="toolbar" aria-label="Board filters and actions">
      <label className="board-filter">
        <span>Assignee</span>
        <select
          className="select"
          value={filters.assignee ?? ''}
          onChange={(event) => set({ assignee: event.target.value || undefined })}
        >
          <option value="">Anyone</option>
          <option value="none">Unassigned</option>
          {assignees.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
              {member.kind === 'agent' ? ' (agent)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="board-filter">
        <span>Label</span>
        <select
          className="select"
          value={filters.label ?? ''}
          onChange={(event) => set({ label: event.target.value || undefined })}
        >
          <option value="">Any</option>
          {labels.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="board-filter">
        <span>Priority</span>
        <select
          className="select"
          value={filters.priority ?? ''}
          onChange={(event) => set({ priority: (event.target.value || undefined) as BoardFilters['priority'] })}
        >
          <option value="">Any</option>
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabel[priority]}
            </option>
          ))}
        </select>
      </label>
      <label className="board-filter board-filter-check">
        <input
          type="checkbox"
          checked={Boolean(filters.blocked)}
          onChange={(event) => set({ blocked: event.target.checked || undefined })}
        />
        <span>Blocked only</span>
      </label>
      {hasFilters(filters) && (
        <Button size="small" variant="ghost" onClick={() => onFiltersChange({})}>
          Clear filters
        </Button>
      )}
      <span className="card-face-spacer" />
      <Button size="small" onClick={() => setAddingColumn(true)}>
        + Column
      </Button>
      <Button size="small" onClick={() => setSettings(true)}>
        Project settings
      </Button>
      <AddColumnDialog projectId={board.id} open={addingColumn} onClose={() => setAddingColumn(false)} />
      <ProjectSettingsDialog board={board} open={settings} onClose={() => setSettings(false)} />
    </div>
  );
}

function AddColumnDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const create = useCreateColumn(projectId);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          setName('');
          onClose();
        },
      },
    );
  }
  return (
    <Dialog open={open} onClose={onClose} title="Add a column" description="It is added at the right end of the board.">
      <form className="stack" onSubmit={handleSubmit}>
        <TextField
          label="Name"
          required
          data-autofocus
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
            Add column
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ProjectSettingsDialog({ board, open, onClose }: { board: ProjectDetail; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Project settings">
      {open && <ProjectSettingsForm key={board.id} board={board} onClose={onClose} />}
    </Dialog>
  );
}

function ProjectSettingsForm({ board, onClose }: { board: ProjectDetail; onClose: () => void }) {
  const [initial] = useState({ name: board.name, description: board.description });
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [base, adopt] = useEditBase(board.version);
  const update = useUpdateProject(board.id);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // Only what was changed here, on the version the form was opened on.
    const changes = changedFrom(initial, { name: name.trim(), description: description.trim() });
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ ...changes, baseVersion: base }, { onSuccess: onClose, onError: adopt });
  }
  return (
    <form className="stack" onSubmit={handleSubmit}>
      {update.error && <FormError message={errorMessage(update.error)} />}
      <TextField label="Name" required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
      <TextAreaField
        label="Description"
        maxLength={2000}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="dialog-actions">
        <Button
          variant={board.archived ? 'secondary' : 'danger'}
          busy={update.isPending}
          onClick={() => update.mutate({ archived: !board.archived }, { onSuccess: onClose })}
        >
          {board.archived ? 'Unarchive project' : 'Archive project'}
        </Button>
        <span className="card-face-spacer" />
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" busy={update.isPending} disabled={!name.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
