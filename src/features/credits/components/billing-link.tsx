import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to the Billing page (settings), where admins buy credits and change the plan. */
export function BillingLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/settings/billing" className="credits-link">
      {children}
    </Link>
  );
}
