import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { useMe } from '@/features/auth';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Button, QueryNotice, useDocumentTitle } from '@/ui';
import { fileKind, formatBytes, kindLabels } from '../format';
import { useRestoreNodes } from '../mutations';
import { fileQueries } from '../queries';
import { KindIcon } from './file-icons';
import './files.css';

/**
 * Deleted files and folders, newest first, with when they were deleted and whose they are;
 * Restore brings one back into its folder (or the top level when that folder is gone too).
 */
export function FilesTrash() {
  useDocumentTitle('Trash');
  const me = useMe();
  const trash = useQuery(fileQueries.trash());
  const restore = useRestoreNodes();
  const [restoring, setRestoring] = useState<string | null>(null);
  const canChange = (node: FileNode) => node.author.userId === me.user.id || me.permissions.manageCompanyFiles;

  return (
    <div className="files-page">
      <header className="files-header">
        <nav aria-label="Breadcrumb" className="files-breadcrumbs">
          <ol>
            <li>
              <Link to="/files" className="files-crumb">
                Files
              </Link>
            </li>
            <li>
              <span aria-current="page">Trash</span>
            </li>
          </ol>
        </nav>
        <h1>Trash</h1>
        <p className="muted">Deleted files and folders stay here for 30 days, then they are removed for good.</p>
      </header>
      {trash.isPending ? (
        <QueryNotice status="loading" label="Loading the trash…" />
      ) : trash.isError ? (
        <QueryNotice status="error" message={errorMessage(trash.error)} onRetry={() => void trash.refetch()} />
      ) : trash.data.length === 0 ? (
        <QueryNotice status="empty" title="The trash is empty">
          What you delete in Files comes here first.
        </QueryNotice>
      ) : (
        <table className="files-trash">
          <caption className="visually-hidden">Deleted files and folders</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Owner</th>
              <th scope="col">Size</th>
              <th scope="col">Deleted</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {trash.data.map((node) => {
              const kind = fileKind(node);
              return (
                <tr key={node.id}>
                  <td>
                    <span className="files-trash-name">
                      <span className="files-icon" data-kind={kind}>
                        <KindIcon kind={kind} />
                      </span>
                      {node.name}
                      <span className="visually-hidden">, {kindLabels[kind]}</span>
                    </span>
                  </td>
                  <td>{node.author.name}</td>
                  <td>{node.type === 'file' ? formatBytes(node.fileSize ?? 0) : '—'}</td>
                  <td title={node.trashedAt ? formatDateTime(node.trashedAt) : undefined}>
                    {node.trashedAt ? formatRelative(node.trashedAt) : ''}
                  </td>
                  <td>
                    {canChange(node) && (
                      <Button
                        size="small"
                        aria-label={`Restore ${node.name}`}
                        busy={restore.isPending && restoring === node.id}
                        onClick={() => {
                          setRestoring(node.id);
                          restore.mutate([node], { onSettled: () => setRestoring(null) });
                        }}
                      >
                        Restore
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
