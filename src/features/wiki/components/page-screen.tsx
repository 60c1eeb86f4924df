import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useMe } from '@/features/auth';
import { QueryNotice, useDocumentTitle } from '@/ui';
import { wikiQueries } from '../queries';
import { ancestorsOf } from '../tree';
import { PageView } from './editor-lazy';

type WikiPageScreenProps = {
  projectId: string;
  pageId: string;
  /** The comment thread to show (`?thread=`), and how to change it. */
  thread?: string;
  onThreadChange: (threadId?: string) => void;
};

/** One wiki page: breadcrumbs through its parents, then the page itself (title, editor, margin). */
export function WikiPageScreen({ projectId, pageId, thread, onThreadChange }: WikiPageScreenProps) {
  const page = useSuspenseQuery(wikiQueries.page(projectId, pageId)).data;
  const pages = useQuery(wikiQueries.tree(projectId)).data;
  const me = useMe();
  const title = pages?.find((item) => item.id === pageId)?.title ?? page.title;
  useDocumentTitle(title);
  const ancestors = pages ? ancestorsOf(pages, pageId) : [];
  return (
    <div className="wiki-page-screen">
      <nav aria-label="Page path" className="wiki-breadcrumb">
        <ol>
          <li>
            <Link to="/projects/$projectId/wiki" params={{ projectId }}>
              Wiki
            </Link>
          </li>
          {ancestors.map((ancestor) => (
            <li key={ancestor.id}>
              <Link to="/projects/$projectId/wiki/$pageId" params={{ projectId, pageId: ancestor.id }}>
                {ancestor.title}
              </Link>
            </li>
          ))}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <Suspense fallback={<QueryNotice status="loading" label="Loading the editor…" />}>
        <PageView key={pageId} page={page} userId={me.user.id} thread={thread} onThreadChange={onThreadChange} />
      </Suspense>
    </div>
  );
}
