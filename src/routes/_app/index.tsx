import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '@/features/auth';
import { Overview } from '@/features/home';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/')({
  component: HomePage,
});

function HomePage() {
  useDocumentTitle('Home');
  return <Overview me={useMe()} />;
}
