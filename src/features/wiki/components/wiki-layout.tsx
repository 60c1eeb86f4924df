import type { ReactNode } from 'react';
import { useWikiTreeLive } from '../live';
import { PageTree } from './page-tree';
import './wiki.css';

/** The Wiki tab: the page tree beside the open page (or the wiki's start). */
export function WikiLayout({
  projectId,
  pageId,
  children,
}: {
  projectId: string;
  pageId?: string;
  children: ReactNode;
}) {
  useWikiTreeLive(projectId);
  return (
    <div className="wiki-layout">
      <div className="wiki-sidebar">
        <PageTree projectId={projectId} currentPageId={pageId} />
      </div>
      <div className="wiki-content">{children}</div>
    </div>
  );
}
