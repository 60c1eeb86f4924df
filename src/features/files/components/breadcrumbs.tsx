import { Link } from '@tanstack/react-router';
import type { FilesSearch } from '../search';
import { useFolderDrop } from './drag';

export type Crumb = { id: string | null; name: string };

/**
 * Where the folder is: Files / Projects / 2026. Each folder above is a link and a place to drop
 * dragged rows; the current folder is the last item, marked as the page.
 */
export function Breadcrumbs({ path, search }: { path: Crumb[]; search: FilesSearch }) {
  return (
    <nav aria-label="Breadcrumb" className="files-breadcrumbs">
      <ol>
        {path.map((crumb, index) => (
          <CrumbItem key={crumb.id ?? 'root'} crumb={crumb} current={index === path.length - 1} search={search} />
        ))}
      </ol>
    </nav>
  );
}

function CrumbItem({ crumb, current, search }: { crumb: Crumb; current: boolean; search: FilesSearch }) {
  const { setDropRef, isDropTarget } = useFolderDrop(
    `crumb:${crumb.id ?? 'root'}`,
    current ? null : { id: crumb.id, name: crumb.name },
  );
  // A folder link keeps the view and the order, not the previewed file.
  const kept = { view: search.view, sort: search.sort, order: search.order };
  const common = {
    className: 'files-crumb',
    'aria-current': current ? ('page' as const) : undefined,
    'data-drop': isDropTarget || undefined,
  };
  return (
    <li ref={setDropRef}>
      {crumb.id === null ? (
        <Link to="/files" search={kept} {...common}>
          {crumb.name}
        </Link>
      ) : (
        <Link to="/files/$folderId" params={{ folderId: crumb.id }} search={kept} {...common}>
          {crumb.name}
        </Link>
      )}
    </li>
  );
}
