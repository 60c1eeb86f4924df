import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo.ts';
import { startBanner } from './start-banner.ts';

const where = { url: 'http://localhost:3000/', seconds: '1.2', database: 'embedded PGlite', storage: 'local disk' };

describe('start banner', () => {
  it('lists every demo sign-in, with the password and who each one is', () => {
    const banner = startBanner({ ...where, demo: { password: DEMO_PASSWORD, ...DEMO_ACCOUNTS } });
    expect(banner).toContain('Workspace is running at http://localhost:3000/');
    expect(banner).toContain(`password ${DEMO_PASSWORD}`);
    expect(banner).toMatch(/ada@acme\.example +an admin/);
    expect(banner).toMatch(/max@acme\.example +a member/);
    expect(banner).toMatch(/nomad@example\.com +someone in no company/);
  });

  it('offers no demo sign-in when no demo data was seeded', () => {
    const banner = startBanner(where);
    expect(banner).not.toContain('@');
    expect(banner).toContain('SEED=none');
  });
});
