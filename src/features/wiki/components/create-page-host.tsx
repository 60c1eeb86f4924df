import { lazy, Suspense } from 'react';
import { useCreatePageDialog } from '../create-page-store';

// Loaded the first time it opens: the signed-in shell hosts it, and must stay light.
const CreatePageDialog = lazy(() => import('./create-page-dialog'));

export function CreatePageHost() {
  const loaded = useCreatePageDialog((state) => state.loaded);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CreatePageDialog />
    </Suspense>
  );
}
