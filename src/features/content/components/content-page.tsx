import { useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '@/ui';
import type { ContentFilters } from '../queries';
import type { ContentKind } from '../rules';
import { ContentList } from './content-list';
import { NewItemDialog } from './new-item-dialog';

type ContentPageProps = {
  filters: ContentFilters;
  onFilters: (filters: ContentFilters) => void;
  /** The kind of the "New" dialog while it is open (`?new=` in the address). */
  creating?: ContentKind;
  onCreating: (kind?: ContentKind) => void;
  canWrite: boolean;
};

/** `/content`: the list, and "New" for admins (the new draft opens in the editor). */
export function ContentPage({ filters, onFilters, creating, onCreating, canWrite }: ContentPageProps) {
  useDocumentTitle('Content');
  const navigate = useNavigate();
  return (
    <>
      <ContentList filters={filters} onFilters={onFilters} canWrite={canWrite} onNew={onCreating} />
      {canWrite && creating && (
        <NewItemDialog
          initialKind={creating}
          onClose={() => onCreating(undefined)}
          onCreated={(item) => void navigate({ to: '/content/$itemId', params: { itemId: item.id } })}
        />
      )}
    </>
  );
}
