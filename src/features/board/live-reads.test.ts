import { describe, expect, it } from 'vitest';
import { noteLiveChange, readSettled } from './live-reads';

describe('reads that live events patch meanwhile', () => {
  it('reads once when nothing changed on the way', async () => {
    let reads = 0;
    expect(await readSettled('quiet', async () => ++reads)).toBe(1);
  });

  it('reads again when a change arrived while the read was on its way', async () => {
    let reads = 0;
    const result = await readSettled('busy', async () => {
      reads++;
      if (reads === 1) noteLiveChange('busy');
      return reads;
    });
    expect(result).toBe(2);
  });

  it('gives up after a few reads while changes keep coming', async () => {
    let reads = 0;
    const result = await readSettled('stream', async () => {
      noteLiveChange('stream');
      return ++reads;
    });
    expect(result).toBe(3);
  });

  it('changes of another subject do not matter', async () => {
    let reads = 0;
    const result = await readSettled('mine', async () => {
      noteLiveChange('theirs');
      return ++reads;
    });
    expect(result).toBe(1);
  });
});
