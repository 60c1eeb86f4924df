import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { errorMessage } from '@/api';
import { ArchiveIcon, Button, QueryNotice } from '@/ui';
import { useRestorePage } from '../mutations';
import { wikiQueries } from '../queries';

/** The archived pages, listed on request, each with Restore. */
export function ArchivedPages({ projectId }: { projectId: string }) {
  const [shown, setShown] = useState(false);
  const archived = useQuery({ ...wikiQueries.archived(projectId), enabled: shown });
  const restore = useRestorePage(projectId);
  const listId = useId();
  return (
    <div className="wiki-archived">
      <Button
        size="small"
        variant="ghost"
        aria-expanded={shown}
        aria-controls={listId}
        onClick={() => setShown(!shown)}
      >
        <ArchiveIcon /> {shown ? 'Hide archived pages' : 'Show archived pages'}
      </Button>
      <div id={listId} hidden={!shown}>
        {shown && archived.isPending && <QueryNotice status="loading" label="Loading archived pages…" />}
        {shown && archived.isError && <QueryNotice status="error" message={errorMessage(archived.error)} />}
        {shown && archived.data?.length === 0 && <p className="muted wiki-tree-empty">No archived pages.</p>}
        {archived.data && archived.data.length > 0 && (
          <ul className="wiki-archived-list" aria-label="Archived pages">
            {archived.data.map((page) => (
              <li key={page.id} className="wiki-archived-item">
                <Link to="/projects/$projectId/wiki/$pageId" params={{ projectId, pageId: page.id }}>
                  {page.title}
                </Link>
                <Button
                  size="small"
                  busy={restore.isPending && restore.variables?.pageId === page.id}
                  aria-label={`Restore ${page.title}`}
                  onClick={() => restore.mutate({ pageId: page.id, title: page.title })}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
