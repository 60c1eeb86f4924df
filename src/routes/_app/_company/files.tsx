import { createFileRoute } from '@tanstack/react-router';
import { FilesLayout, parseFilesSearch } from '@/features/files';

/**
 * The company's drive: `/files` (the top level), `/files/$folderId` (a folder), `/files/trash`.
 * `?preview=<fileId>` opens a file beside the list; `?view=grid`, `?sort=…&order=…` are kept in
 * the address so a link shows what the sender saw.
 */
export const Route = createFileRoute('/_app/_company/files')({
  validateSearch: parseFilesSearch,
  component: FilesLayout,
});
