import { describe, expect, it } from 'vitest';
import { csvFileName } from './export';
import { nextSubscriberOffset, subscriberRows, SUBSCRIBER_PAGE, type NewsletterSubscriber } from './queries';
import { parseSubscriberSearch, parseTokenSearch } from './search';
import { absoluteApiUrl } from '@/api';
import { signupPageUrl, signupSnippet } from './signup-snippet';

const row = (id: string) => ({ id }) as NewsletterSubscriber;

describe('newsletter helpers', () => {
  it('keeps only known filters from the address', () => {
    expect(parseSubscriberSearch({ status: 'pending', q: '  ada@ ' })).toEqual({ status: 'pending', q: 'ada@' });
    expect(parseSubscriberSearch({ status: 'everyone', q: '   ' })).toEqual({ status: undefined, q: undefined });
    expect(parseSubscriberSearch({ q: 'x'.repeat(300) }).q).toHaveLength(254);
    expect(parseTokenSearch({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(parseTokenSearch({ token: 12 })).toEqual({ token: undefined });
    expect(parseTokenSearch({})).toEqual({ token: undefined });
  });

  it('pages by offset until a short page, and lists a row once when pages overlap', () => {
    const full = Array.from({ length: SUBSCRIBER_PAGE }, (_, i) => row(`r${i}`));
    expect(nextSubscriberOffset(full, [full])).toBe(SUBSCRIBER_PAGE);
    expect(nextSubscriberOffset([row('x')], [full, [row('x')]])).toBeUndefined();
    expect(
      subscriberRows([
        [row('a'), row('b')],
        [row('b'), row('c')],
      ]).map((item) => item.id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('names the export as the server does, never with a path', () => {
    expect(csvFileName('attachment; filename="newsletter-acme-2026-11-26.csv"')).toBe('newsletter-acme-2026-11-26.csv');
    expect(csvFileName('attachment; filename="../x.csv"')).toBe('.._x.csv');
    expect(csvFileName(null, new Date('2026-11-26T10:00:00Z'))).toBe('newsletter-subscribers-2026-11-26.csv');
  });

  it('builds the signup link and a snippet posting to the API, wherever the API lives', () => {
    expect(signupPageUrl('https://app.example', 'c1')).toBe('https://app.example/subscribe/c1');
    expect(absoluteApiUrl('https://app.example', undefined)).toBe('https://app.example/api');
    expect(absoluteApiUrl('https://app.example', 'https://api.example/v1/')).toBe('https://api.example/v1');
    const snippet = signupSnippet({ apiUrl: 'https://api.example/api', companyId: 'c1' });
    expect(snippet).toContain(`fetch("https://api.example/api/newsletter"`);
    expect(snippet).toContain(`companyId: "c1"`);
    expect(snippet).toContain('<label for="newsletter-email">Email</label>');
    // A value cannot close the script tag.
    expect(signupSnippet({ apiUrl: 'https://x/</script><b>', companyId: 'c1' })).not.toContain('</script><b>');
  });
});
