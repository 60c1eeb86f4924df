import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvFileName, formatBytes, readWithProgress, saveBlob } from './csv';

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe('CSV download', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the streamed export whole, reporting the bytes as they arrive', async () => {
    const progress: number[] = [];
    const blob = await readWithProgress(streamOf(['seq,type\n', '2,grant\n', '1,trial_grant\n']), (bytes) =>
      progress.push(bytes),
    );
    expect(progress).toEqual([9, 17, 31]);
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('seq,type\n2,grant\n1,trial_grant\n');
  });

  it('names the file as the server does, else by the day, never with a path', () => {
    expect(csvFileName('attachment; filename="credits-acme.csv"')).toBe('credits-acme.csv');
    expect(csvFileName("attachment; filename*=UTF-8''ledger%20n%C2%B01.csv")).toBe('ledger n°1.csv');
    expect(csvFileName('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(csvFileName(null, new Date('2026-11-26T10:00:00Z'))).toBe('credit-ledger-2026-11-26.csv');
  });

  it('saves through a temporary link that it removes', () => {
    const createObjectURL = vi.fn(() => 'blob:ledger');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['a']), 'ledger.csv');
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(clicked).toEqual([{ href: 'blob:ledger', download: 'ledger.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says sizes in words', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_800)).toBe('13 kB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
