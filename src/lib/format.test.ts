import { describe, expect, it } from 'vitest';
import { formatRelative, safeReturnPath } from './format';

describe('safeReturnPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnPath('/settings/api-keys?tab=1')).toBe('/settings/api-keys?tab=1');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42])(
    'sends %s home instead (no open redirect)',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );

  it('never returns to the sign-in page itself', () => {
    expect(safeReturnPath('/signin?redirect=/')).toBe('/');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says just now under a minute', () => {
    expect(formatRelative('2026-11-22T11:59:30Z', now)).toBe('just now');
  });
  it('uses the largest whole unit', () => {
    expect(formatRelative('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-11-22T14:00:00Z', now)).toBe('in 2 hours');
  });
});
