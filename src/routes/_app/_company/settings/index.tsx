import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/_company/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/api-keys', replace: true });
  },
});
