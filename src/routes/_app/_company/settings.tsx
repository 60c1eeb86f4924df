import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/_company/settings')({
  component: SettingsLayout,
});

function SettingsLayout() {
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
      </nav>
      <Outlet />
    </div>
  );
}
