import { describe, expect, it } from 'vitest';
import { bannerLevel, creditLevel } from './banner-state';

describe('the credits banner’s level', () => {
  it('is the balance’s level, exhausted over low', () => {
    expect(creditLevel({ low: false, exhausted: false })).toBe('ok');
    expect(creditLevel({ low: true, exhausted: false })).toBe('low');
    expect(creditLevel({ low: true, exhausted: true })).toBe('exhausted');
  });

  it('hides what was dismissed and anything milder, never something graver', () => {
    expect(bannerLevel('ok', null)).toBeNull();
    expect(bannerLevel('low', null)).toBe('low');
    expect(bannerLevel('exhausted', null)).toBe('exhausted');
    expect(bannerLevel('low', 'low')).toBeNull();
    expect(bannerLevel('exhausted', 'low')).toBe('exhausted');
    expect(bannerLevel('exhausted', 'exhausted')).toBeNull();
    expect(bannerLevel('low', 'exhausted')).toBeNull();
  });
});
