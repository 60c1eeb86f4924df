import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, PlusIcon, useDocumentTitle } from '@/ui';
import { openCreatePage } from '../create-page-store';
import { wikiQueries } from '../queries';

/** The wiki with no page open: the way to the first page, or to a page of the tree. */
export function WikiHome({ projectId, projectName }: { projectId: string; projectName: string }) {
  const pages = useQuery(wikiQueries.tree(projectId)).data ?? [];
  useDocumentTitle(`Wiki · ${projectName}`);
  if (pages.length > 0) return <p className="muted wiki-home-hint">Choose a page in the tree.</p>;
  return (
    <EmptyState
      title="This wiki has no pages yet"
      action={
        <Button variant="primary" onClick={() => openCreatePage({ projectId })}>
          <PlusIcon /> Create page
        </Button>
      }
    >
      Pages hold what the team knows: plans, decisions, how-tos. They save themselves as you type.
    </EmptyState>
  );
}
