import { describe, expect, it } from 'vitest';
import { relaxedLimits, useTestApp } from '../test/harness.ts';

// Behind a trusted proxy, with a limit of 2 failed sign-ins per address per 15 minutes to make
// counting visible.
const t = useTestApp({ config: { trustProxy: true, rateLimits: { ...relaxedLimits, signInFailuresPer15Minutes: 2 } } });

const login = (forwardedFor: string, ip = '10.0.0.1') =>
  t.call('POST', '/auth/login', {
    ip,
    headers: { 'x-forwarded-for': forwardedFor },
    body: { email: 'nobody@test.example', password: 'x' },
  });

describe('client address behind a trusted proxy', () => {
  it('is the last X-Forwarded-For hop, so a forged first hop does not buy more attempts', async () => {
    expect((await login('1.1.1.1, 203.0.113.50')).status).toBe(401);
    expect((await login('2.2.2.2, 203.0.113.50')).status).toBe(401);
    expect((await login('3.3.3.3, 203.0.113.50')).status).toBe(429);
    expect((await login('3.3.3.3, 203.0.113.51')).status).toBe(401);
  });

  it('groups IPv6 addresses by /64', async () => {
    expect((await login('2001:db8:1:2::1')).status).toBe(401);
    expect((await login('2001:db8:1:2:ffff::9')).status).toBe(401);
    expect((await login('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).status).toBe(429);
    expect((await login('2001:db8:1:3::1')).status).toBe(401);
  });
});
