import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDownIcon, PageIcon } from '@/ui';
import { useWikiTreeLive } from '../live';
import { PageTree } from './page-tree';
import './wiki.css';

/**
 * The Wiki tab: the page tree beside the open page (or the wiki's start). On a narrow screen the
 * tree sits above the page, folded away behind a "Pages" button while a page is open (opening
 * another page folds it again), so the page's text comes first.
 */
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
  const sidebarId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLDivElement>(null);
  // The page the tree was unfolded on: it folds when another page opens.
  const [unfoldedOn, setUnfoldedOn] = useState<string | null>(null);
  const treeShown = !pageId || unfoldedOn === pageId;

  // A page opened from the folding tree: the focus, which was in the tree, goes to its button.
  useLayoutEffect(() => {
    if (treeShown || !toggle.current?.offsetParent) return;
    if (sidebar.current?.contains(document.activeElement)) toggle.current.focus();
  }, [treeShown]);

  return (
    <div className="wiki-layout" data-tree={treeShown ? 'shown' : 'folded'}>
      {pageId && (
        <button
          ref={toggle}
          type="button"
          className="wiki-pages-toggle"
          aria-expanded={treeShown}
          aria-controls={sidebarId}
          onClick={() => setUnfoldedOn(treeShown ? null : pageId)}
        >
          <PageIcon />
          <span className="wiki-pages-toggle-label">Pages</span>
          <ChevronDownIcon />
        </button>
      )}
      <div ref={sidebar} id={sidebarId} className="wiki-sidebar">
        <PageTree projectId={projectId} currentPageId={pageId} />
      </div>
      <div className="wiki-content">{children}</div>
    </div>
  );
}
