import { lazy, Suspense } from 'react';
import { useCreateCardDialog } from '../create-card-store';

// Loaded the first time it opens: the signed-in shell hosts it, and must stay light.
const CreateCardDialog = lazy(() => import('./create-card-dialog'));

export function CreateCardHost() {
  const loaded = useCreateCardDialog((state) => state.loaded);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CreateCardDialog />
    </Suspense>
  );
}
