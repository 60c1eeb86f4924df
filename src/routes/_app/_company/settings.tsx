import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useMe } from '@/features/auth';

export const Route = createFileRoute('/_app/_company/settings')({
  component: SettingsLayout,
});

function SettingsLayout() {
  const me = useMe();
  return (
    <div>
      <header className="page-header">
        <h1>Settings</h1>
      </header>
      <nav aria-label="Settings" className="subnav">
        <Link to="/settings/members" activeProps={{ 'aria-current': 'page' }}>
          Members
        </Link>
        <Link to="/settings/api-keys" activeProps={{ 'aria-current': 'page' }}>
          API keys
        </Link>
        <Link to="/settings/integrations" activeProps={{ 'aria-current': 'page' }}>
          Integrations
        </Link>
        <Link to="/settings/notifications" activeProps={{ 'aria-current': 'page' }}>
          Notifications
        </Link>
        <Link to="/settings/content-keys" activeProps={{ 'aria-current': 'page' }}>
          Content keys
        </Link>
        {me.permissions.manageBilling && (
          <Link to="/settings/billing" activeProps={{ 'aria-current': 'page' }}>
            Billing
          </Link>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
