import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './content.css';

/**
 * The Content section's frame: its heading and, for admins, the tabs Items and Newsletter.
 * `children` replaces the outlet (tests).
 */
export function ContentSection({ canManage, children }: { canManage: boolean; children?: ReactNode }) {
  return (
    <div>
      <header className="page-header">
        <h1>Content</h1>
        <p className="muted">Articles, changelog entries and help pages for your public site.</p>
      </header>
      {canManage && (
        <nav aria-label="Content" className="subnav">
          <Link to="/content" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
            Items
          </Link>
          <Link to="/content/newsletter" activeProps={{ 'aria-current': 'page' }}>
            Newsletter
          </Link>
        </nav>
      )}
      {children ?? <Outlet />}
    </div>
  );
}
