import { describe, expect, it } from 'vitest';
import { keepBothName } from './conflict-dialog';
import { formatBytes, formatDuration, progressText } from './format';
import { announcementText } from './notices';
import { nextSpeed, secondsLeft } from './speed';
import type { UploadItem, UploadState } from './store';
import { summaryText } from './summary';

describe('what the tray says', () => {
  it('formats sizes, speeds and time left', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatDuration(0.2)).toBe('1 s');
    expect(formatDuration(12)).toBe('12 s');
    expect(formatDuration(125)).toBe('3 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(progressText(45, 100, 3.2 * 1024 * 1024, 12)).toBe('45%, 3.2 MB/s, 12 s left');
    expect(progressText(0, 100, null, null)).toBe('0%');
    expect(progressText(0, 0, null, null)).toBe('100%');
  });

  it('smooths the speed over about three seconds and estimates the time left from it', () => {
    const first = nextSpeed({ speed: null, at: 0, sent: 0 }, 500, 500);
    expect(first).toBe(1000);
    // A sudden jump moves the average only part of the way, more for a longer interval.
    const short = nextSpeed({ speed: 1000, at: 0, sent: 0 }, 1000, 100)!;
    const long = nextSpeed({ speed: 1000, at: 0, sent: 0 }, 30_000, 3000)!;
    expect(short).toBeCloseTo(1000 + (1 - Math.exp(-100 / 3000)) * 9000);
    expect(long).toBeCloseTo(1000 + (1 - Math.exp(-1)) * 9000);
    expect(nextSpeed({ speed: 700, at: 10, sent: 0 }, 50, 10)).toBe(700);
    expect(secondsLeft(250, 1250, 100)).toBe(10);
    expect(secondsLeft(250, 1250, null)).toBeNull();
    expect(secondsLeft(250, 1250, 0)).toBeNull();
  });

  it('sums up the queue in one line', () => {
    const store = (...states: UploadState[]) => {
      const byId: Record<string, UploadItem> = {};
      states.forEach((state, index) => (byId[String(index)] = { state } as UploadItem));
      return { byId, order: Object.keys(byId) };
    };
    const many: UploadState[] = [...Array(196).fill('queued'), 'uploading', 'uploading', 'creating', 'failed'];
    expect(summaryText(store(...many))).toBe('Uploading 3 of 200 — 1 failed');
    expect(summaryText(store('done', 'uploading', 'waiting-for-decision', 'cancelled'))).toBe(
      'Uploading 2 of 3 — 1 needs your decision',
    );
    expect(summaryText(store('done', 'done', 'skipped'))).toBe('2 of 2 uploaded');
    expect(summaryText(store('done', 'failed'))).toBe('1 of 2 uploaded — 1 failed');
  });

  it('announces outcomes in batches', () => {
    expect(announcementText(3, [])).toBe('3 files uploaded.');
    expect(announcementText(1, ['report.pdf'])).toBe('1 file uploaded. report.pdf failed.');
    expect(announcementText(0, ['a', 'b'])).toBe('2 uploads failed.');
  });

  it('names the copy kept beside an existing file', () => {
    expect(keepBothName('report.pdf')).toBe('report (1).pdf');
    expect(keepBothName('Makefile')).toBe('Makefile (1)');
    expect(keepBothName('.env')).toBe('.env (1)');
  });
});
