import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('the mail and link settings', () => {
  it('take an origin for PUBLIC_URL and an smtp(s) URL for SMTP_URL', () => {
    const env = loadEnv({ PUBLIC_URL: 'https://workspace.example.com', SMTP_URL: 'smtps://u:p@mail.example.com:465' });
    expect(env.PUBLIC_URL).toBe('https://workspace.example.com');
    expect(env.SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(env.MAIL_FROM).toContain('@');
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
  });

  it('refuse a PUBLIC_URL with a path and an SMTP_URL of another scheme, naming the variable', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://example.com/app' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
