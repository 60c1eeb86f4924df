/**
 * Wiki figures in Chromium, on the large seed's 50,000-word page: data arrival to an editable,
 * painted page, and keystroke to paint while typing in it.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/browser.ts';
import { percentile, round, signIn, type Trace, type TraceEvent } from './shared.ts';

type BenchWindow = Window & {
  __editableAt?: number;
  __keys?: { down: number; painted?: number }[];
};

// `blink` holds the editing events (TypingCommand::InsertText, Editor::SyncSelection).
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink'];

/**
 * Per keystroke, from a Chromium trace of the typing: the main thread's busy time from the start
 * of the keydown's dispatch to the end of the first frame committed after it (the frame that
 * shows the character), and the part of it Chromium spends in `Editor::SyncSelection`. Idle gaps
 * (waiting for the frame) are not counted. Tracing adds overhead to every task: upper bounds.
 */
function keystrokeWork(trace: Trace): { perKey: number[]; engineSync: number[]; rest: number[] } {
  const keydowns = trace.traceEvents.filter(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
  );
  if (keydowns.length === 0) throw new Error('the trace has no keydowns');
  const { pid, tid } = keydowns[0]!;
  const main = trace.traceEvents
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((event) => event.name === 'ThreadControllerImpl::RunTask');
  const commits = main.filter((event) => event.name === 'Commit');
  const syncs = main.filter((event) => event.name === 'Editor::SyncSelection');
  const perKey: number[] = [];
  const engineSync: number[] = [];
  const rest: number[] = [];
  for (const key of keydowns) {
    const commit = commits.find((event) => event.ts > key.ts);
    if (!commit) continue;
    const end = commit.ts + (commit.dur ?? 0);
    const busy = (events: TraceEvent[]) =>
      events.reduce(
        (sum, event) => sum + Math.max(0, Math.min(event.ts + (event.dur ?? 0), end) - Math.max(event.ts, key.ts)),
        0,
      ) / 1000;
    const work = busy(tasks);
    const sync = busy(syncs);
    perKey.push(work);
    engineSync.push(sync);
    rest.push(work - sync);
  }
  return { perKey, engineSync, rest };
}

/** Milliseconds from the page response's last byte to the first frame with the whole page editable. */
async function openOnce(page: Page, url: string, apiPath: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => (window as BenchWindow).__editableAt !== undefined, null, { timeout: 60_000 });
  return page.evaluate((path) => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((item) => new URL(item.name).pathname === path)
      .at(-1) as PerformanceResourceTiming;
    return (window as BenchWindow).__editableAt! - entry.responseEnd;
  }, apiPath);
}

export async function wikiBrowserBench(base: string, projectId: string, pageId: string) {
  const token = await signIn(base, 'ada@acme.example');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript((value) => {
      localStorage.setItem('workspace.session', value);
      // The first frame in which the editor is editable and holds every block of the page (as many
      // as the warm-up open counted).
      const expected = Number(sessionStorage.getItem('bench.blocks') ?? 1);
      const observer = new MutationObserver(() => {
        const prose = document.querySelector('.wiki-prose[contenteditable="true"]');
        if (prose && prose.childElementCount >= expected) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => ((window as BenchWindow).__editableAt = performance.now())));
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, token);
    const page = await context.newPage();
    const url = `${base}/projects/${projectId}/wiki/${pageId}`;
    const apiPath = `/api/projects/${projectId}/wiki/${pageId}`;
    await openOnce(page, url, apiPath); // warm the caches, and count the page's blocks
    // (The live stream keeps the network busy: give the first render a moment instead.)
    await page.waitForTimeout(2000);
    const blocks = await page.locator('.wiki-prose').evaluate((prose) => prose.childElementCount);
    await page.evaluate((count) => sessionStorage.setItem('bench.blocks', String(count)), blocks);
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) opens.push(await openOnce(page, url, apiPath));

    // Typing in the middle of the page, traced: each keystroke from its keydown to the frame
    // that shows it.
    const prose = page.locator('.wiki-prose');
    const middle = prose.locator(':scope > p').nth(200);
    await middle.scrollIntoViewIfNeeded();
    await middle.click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      const state = window as BenchWindow;
      state.__keys = [];
      document.addEventListener(
        'keydown',
        (event) => {
          const sample: { down: number; painted?: number } = { down: event.timeStamp };
          state.__keys!.push(sample);
          requestAnimationFrame(() => setTimeout(() => (sample.painted = performance.now())));
        },
        { capture: true },
      );
    });
    await browser.startTracing(page, { categories: [...TRACE_CATEGORIES] });
    const text = ' The quick brown fox jumps over the lazy dog while the launch plan keeps moving.';
    for (let round = 0; round < 3; round++) {
      for (const char of text) {
        await page.keyboard.type(char);
        await page.waitForTimeout(40);
      }
    }
    await page.waitForTimeout(300);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as Trace;
    const typed = keystrokeWork(trace);
    const keys = await page.evaluate(() =>
      (window as BenchWindow).__keys!.filter((key) => key.painted !== undefined).map((key) => key.painted! - key.down),
    );
    // Wait for the autosave, so the next benchmark starts from a quiet server.
    await page.getByText('Saved', { exact: true }).first().waitFor({ timeout: 30_000 });
    return {
      blocks,
      openMsMedian: round(percentile(opens, 50)),
      openMsMax: round(Math.max(...opens)),
      keystrokes: typed.perKey.length,
      // Main thread, from the keydown to the end of the frame that shows the character (trace).
      keystrokeToPaintP50Ms: round(percentile(typed.perKey, 50)),
      keystrokeToPaintP95Ms: round(percentile(typed.perKey, 95)),
      keystrokeToPaintMaxMs: round(Math.max(...typed.perKey)),
      // Of which Chromium's own editing bookkeeping: after every edit it re-reads the editable
      // element's whole text for the input method (Editor::SyncSelection), O(page length).
      engineTextSyncP50Ms: round(percentile(typed.engineSync, 50)),
      // The rest: our script, ProseMirror, style, layout and paint.
      restP50Ms: round(percentile(typed.rest, 50)),
      restP95Ms: round(percentile(typed.rest, 95)),
      // Wall clock from keydown to the first task after the next animation frame (includes waiting
      // for the display's refresh, up to 16.7 ms, which is not work).
      keydownToNextFrameP50Ms: round(percentile(keys, 50)),
      keydownToNextFrameP95Ms: round(percentile(keys, 95)),
    };
  } finally {
    await browser.close();
  }
}
