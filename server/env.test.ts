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

describe('the notification email delay', () => {
  it('takes whole seconds from 0 to a week, 300 when unset', () => {
    expect(loadEnv({}).NOTIFICATION_EMAIL_DELAY_SECONDS).toBe(300);
    expect(loadEnv({ NOTIFICATION_EMAIL_DELAY_SECONDS: '0' }).NOTIFICATION_EMAIL_DELAY_SECONDS).toBe(0);
    expect(loadEnv({ NOTIFICATION_EMAIL_DELAY_SECONDS: '60' }).NOTIFICATION_EMAIL_DELAY_SECONDS).toBe(60);
    expect(loadEnv({ NOTIFICATION_EMAIL_DELAY_SECONDS: '604800' }).NOTIFICATION_EMAIL_DELAY_SECONDS).toBe(604_800);
  });

  it('refuses a negative, fractional, too long or non-numeric delay, naming the variable', () => {
    for (const value of ['-1', '1.5', '604801', 'soon']) {
      expect(() => loadEnv({ NOTIFICATION_EMAIL_DELAY_SECONDS: value }), value).toThrow(
        /NOTIFICATION_EMAIL_DELAY_SECONDS/,
      );
    }
  });
});

describe('the allowed hosts (MCP endpoint, newsletter links)', () => {
  it('takes host names separated by commas (trimmed, lowercased), none when unset', () => {
    expect(loadEnv({}).ALLOWED_HOSTS).toBeUndefined();
    expect(loadEnv({ ALLOWED_HOSTS: 'MCP.example.com, 10.0.0.5,[fd00::1]' }).ALLOWED_HOSTS).toEqual([
      'mcp.example.com',
      '10.0.0.5',
      '[fd00::1]',
    ]);
  });

  it('refuses URLs, ports and empty names, naming the variable', () => {
    for (const value of ['https://mcp.example.com', 'mcp.example.com:8080', 'a,,b', 'a b']) {
      expect(() => loadEnv({ ALLOWED_HOSTS: value }), value).toThrow(/ALLOWED_HOSTS/);
    }
  });
});
