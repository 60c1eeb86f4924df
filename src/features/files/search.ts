import type { FileOrder, FileSort } from './queries';

/** The Files page's address state: the file shown beside the list, the view and the order. */
export type FilesSearch = {
  /** A file's id: its preview is open beside the list. */
  preview?: string;
  view?: 'list' | 'grid';
  sort?: FileSort;
  order?: FileOrder;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sorts: readonly FileSort[] = ['name', 'updatedAt', 'size'];

/**
 * Checks the Files page's search params; anything unknown or malformed is dropped, so an edited
 * address still opens the page. Hand-written rather than a zod schema: the route's search
 * validation is part of the first-load route tree, and zod would add ~15 kB gzip to it.
 */
export function parseFilesSearch(search: Record<string, unknown>): FilesSearch {
  const { preview, view, sort, order } = search;
  return {
    preview: typeof preview === 'string' && UUID.test(preview) ? preview : undefined,
    view: view === 'grid' || view === 'list' ? view : undefined,
    sort: sorts.includes(sort as FileSort) ? (sort as FileSort) : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };
}

export const isUuid = (value: string) => UUID.test(value);
