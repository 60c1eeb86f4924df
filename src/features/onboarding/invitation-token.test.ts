import { describe, expect, it } from 'vitest';
import { invitationTokenFrom } from './invitation-token';

const token = 'Qm9keS1vZi10aGUtdG9rZW4tMTIzNDU2Nzg5MGFiY2RlZg';

describe('invitationTokenFrom', () => {
  it('takes the token from a whole link, a fragment or the bare token', () => {
    expect(invitationTokenFrom(`https://work.example/invite#${token}`)).toBe(token);
    expect(invitationTokenFrom(`  #${token}\n`)).toBe(token);
    expect(invitationTokenFrom(token)).toBe(token);
  });

  it('drops punctuation a mail client left at the end of a pasted link', () => {
    expect(invitationTokenFrom(`(https://work.example/invite#${token}).`)).toBe(token);
  });

  it('finds nothing in text without a token', () => {
    expect(invitationTokenFrom('')).toBeNull();
    expect(invitationTokenFrom('https://work.example/invite')).toBeNull();
    expect(invitationTokenFrom('https://work.example/invite#')).toBeNull();
    expect(invitationTokenFrom('not a link at all')).toBeNull();
  });
});
