import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { formatRelative } from '@/lib/format';
import { Button, Dialog, FormError, TextAreaField, TextField } from '@/ui';
import { useProjectListLive } from '../live';
import { useCreateProject } from '../mutations';
import { projectQueries } from '../queries';
import './project-list.css';

/** The company's projects, with a toggle for archived ones and a "New project" dialog. */
export function ProjectList({
  showArchived,
  onShowArchivedChange,
}: {
  showArchived: boolean;
  onShowArchivedChange: (value: boolean) => void;
}) {
  const projects = useSuspenseQuery(projectQueries.list()).data;
  const [creating, setCreating] = useState(false);
  useProjectListLive();
  const shown = projects.filter((project) => showArchived || !project.archived);
  const archivedCount = projects.filter((project) => project.archived).length;

  return (
    <div className="stack" style={{ gap: 20 }}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <label className="row">
          <input
            type="checkbox"
            checked={showArchived}
            onChange={(event) => onShowArchivedChange(event.target.checked)}
          />
          Show archived ({archivedCount})
        </label>
        <Button variant="primary" onClick={() => setCreating(true)}>
          New project
        </Button>
      </div>
      {shown.length === 0 ? (
        <div className="card stack" style={{ gap: 8 }}>
          <h2>No projects yet</h2>
          <p className="muted">A project is a board of cards in columns. Create one to start planning.</p>
        </div>
      ) : (
        <ul className="project-grid">
          {shown.map((project) => (
            <li key={project.id}>
              <Link to="/projects/$projectId" params={{ projectId: project.id }} className="card project-tile">
                <span className="row" style={{ justifyContent: 'space-between' }}>
                  <strong className="project-tile-name">{project.name}</strong>
                  {project.archived && <span className="badge">Archived</span>}
                </span>
                {project.description && <span className="muted project-tile-description">{project.description}</span>}
                <span className="muted project-tile-meta">
                  {project.cardCount} card{project.cardCount === 1 ? '' : 's'} · updated{' '}
                  {formatRelative(project.lastActivityAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function NewProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateProject();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), description: description.trim() || undefined },
      {
        onSuccess: (project) => {
          setName('');
          setDescription('');
          onClose();
          void navigate({ to: '/projects/$projectId', params: { projectId: project.id } });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New project"
      description="It starts with three columns: To do, In progress and Done."
    >
      <form className="stack" onSubmit={handleSubmit}>
        {create.error && <FormError message={errorMessage(create.error)} />}
        <TextField
          label="Name"
          required
          data-autofocus
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={isApiError(create.error) ? create.error.fieldError('name') : undefined}
        />
        <TextAreaField
          label="Description"
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
            Create project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
