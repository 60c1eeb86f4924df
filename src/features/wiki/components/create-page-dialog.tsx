import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { projectQueries } from '@/features/board';
import { Button, Dialog, FormError, QueryNotice, SelectField, TextField, useSubmitOnce } from '@/ui';
import { closeCreatePage, useCreatePageDialog } from '../create-page-store';
import { useCreatePage } from '../mutations';
import { wikiQueries } from '../queries';
import { titleCount, titleProblem } from '../title';
import { flattenTree } from '../tree';

/** Pick a project (and a parent page), type a title: the page is created and opened. */
export default function CreatePageDialog() {
  const open = useCreatePageDialog((state) => state.open);
  return (
    <Dialog open={open} onClose={() => closeCreatePage()} title="Create a page">
      {open && <CreatePageForm />}
    </Dialog>
  );
}

function CreatePageForm() {
  const preset = useCreatePageDialog();
  const projects = useQuery(projectQueries.list());
  const live = (projects.data ?? []).filter((project) => !project.archived || project.id === preset.projectId);
  const [projectId, setProjectId] = useState(preset.projectId ?? '');
  const chosen = projectId || live[0]?.id || '';
  const tree = useQuery({ ...wikiQueries.tree(chosen), enabled: Boolean(chosen) });
  const [parentId, setParentId] = useState(preset.parentId ?? '');
  const rows = flattenTree(tree.data ?? []);
  const parent = rows.some((row) => row.page.id === parentId) ? parentId : '';
  const [title, setTitle] = useState('');
  const create = useCreatePage();
  // One at a time: a double click or a second Enter while it is on its way does nothing.
  const submit = useSubmitOnce(create.mutate);
  const navigate = useNavigate();

  // Not cut at the limit as typed or pasted (that loses words unseen): too long is said, and
  // stops the form, until it is shortened.
  const tooLong = title.trim() !== '' && titleProblem(title) !== null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !title.trim() || tooLong) return;
    submit(
      { projectId: chosen, title: title.trim(), parentId: parent || null },
      {
        onSuccess: (page) => {
          closeCreatePage(page.id);
          void navigate({ to: '/projects/$projectId/wiki/$pageId', params: { projectId: chosen, pageId: page.id } });
        },
      },
    );
  }

  if (projects.isPending) return <QueryNotice status="loading" label="Loading projects…" />;
  if (live.length === 0) return <p className="muted">There is no project to add a page to yet.</p>;
  const error = create.error ?? projects.error ?? tree.error;
  return (
    <form className="stack" onSubmit={handleSubmit}>
      {error && <FormError message={errorMessage(error)} />}
      <SelectField
        label="Project"
        value={chosen}
        onChange={(event) => {
          setProjectId(event.target.value);
          setParentId('');
        }}
      >
        {live.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Title"
        required
        data-autofocus
        value={title}
        description={tooLong ? undefined : titleCount(title)}
        error={tooLong ? titleProblem(title)! : isApiError(create.error) ? create.error.fieldError('title') : undefined}
        onChange={(event) => setTitle(event.target.value)}
      />
      <SelectField label="Inside" value={parent} onChange={(event) => setParentId(event.target.value)}>
        <option value="">Top level</option>
        {rows.map((row) => (
          <option key={row.page.id} value={row.page.id}>
            {`${'\u2003'.repeat(row.depth + 1)}${row.page.title}`}
          </option>
        ))}
      </SelectField>
      <div className="dialog-actions">
        <Button onClick={() => closeCreatePage()}>Cancel</Button>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={!title.trim() || tooLong}>
          Create page
        </Button>
      </div>
    </form>
  );
}
