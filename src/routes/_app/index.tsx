import { createFileRoute } from '@tanstack/react-router';
import { NoCompany } from '@/app/no-company';
import { useMe } from '@/features/auth';
import { Overview } from '@/features/home';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/')({
  component: HomePage,
});

function HomePage() {
  const me = useMe();
  useDocumentTitle('Home');
  return me.company ? <Overview me={me} /> : <NoCompany me={me} />;
}
