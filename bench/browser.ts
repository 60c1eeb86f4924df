/**
 * Browser figures on the 2,000-card board, in Chromium: data arrival to painted board, frame
 * times during a scripted drag, and drop to painted new order.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/browser.ts';
import { percentile, round, signIn, type Trace } from './shared.ts';

/** Milliseconds from the board response's last byte to the first frame showing the board. */
async function renderOnce(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined, null, {
    timeout: 30_000,
  });
  return page.evaluate(
    (path) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((item) => item.name.endsWith(path)) as PerformanceResourceTiming;
      return (window as unknown as { __paintedAt: number }).__paintedAt - entry.responseEnd;
    },
    new URL(url).pathname.replace('/projects/', '/api/projects/'),
  );
}

export async function boardBench(base: string, projectId: string) {
  const token = await signIn(base, 'ada@acme.example');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    // tsx names functions with a `__name` helper; functions sent to the page need it there too.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript((value) => {
      localStorage.setItem('workspace.session', value);
      // Marks the first frame in which the board's columns and cards are on screen.
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('.board-column').length >= 10 && document.querySelector('[data-card-id]')) {
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => ((window as unknown as { __paintedAt: number }).__paintedAt = performance.now())),
          );
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, token);
    const page = await context.newPage();
    const url = `${base}/projects/${projectId}`;
    await renderOnce(page, url); // warm the caches
    const renders: number[] = [];
    for (let i = 0; i < 7; i++) renders.push(await renderOnce(page, url));

    const { frames, drops, work } = await dragAndDrop(browser, page, 5);
    return {
      renderMsMedian: round(percentile(renders, 50)),
      renderMsMax: round(Math.max(...renders)),
      dragFrames: frames.length,
      dragFrameP50Ms: round(percentile(frames, 50)),
      dragFrameP95Ms: round(percentile(frames, 95)),
      // Intervals of one refresh (16.7 ms at 60 Hz) are frames on time; a missed frame shows as ~33 ms.
      dragFramesMissed: frames.filter((interval) => interval > 25).length,
      // The main thread's work in each frame of the drags (input, React, style, layout, paint):
      // what a frame costs, which an interval (at least one refresh) cannot show.
      dragFramesTraced: work.perFrame.length,
      dragFrameWorkP50Ms: round(percentile(work.perFrame, 50)),
      dragFrameWorkP95Ms: round(percentile(work.perFrame, 95)),
      dragFrameWorkMaxMs: round(Math.max(...work.perFrame)),
      dragLongestTaskMs: round(work.longestTask),
      dropToPaintMsMedian: round(percentile(drops, 50)),
      dropToPaintMsFirst: round(drops[0]!),
      dropToPaintMsMax: round(Math.max(...drops)),
    };
  } finally {
    await browser.close();
  }
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

/**
 * Main-thread work per frame during a drag (or any span marked `<label>-start` … `<label>-end`),
 * from a Chromium trace of it: the span is marked with `console.timeStamp` (which also names the
 * page's main thread), frames start at each
 * `AnimationFrame` (Chromium's own frame span, as long-animation-frame timing uses), and a
 * frame's work is the time the main thread spent running tasks between its start and the next
 * frame's. A frame whose work fits in one refresh is on time. Tracing adds its own overhead to
 * every task, so these are upper bounds.
 */
export function frameWork(trace: Trace, label = 'bench-drag'): { perFrame: number[]; longestTask: number } {
  const marks = trace.traceEvents.filter(
    (event) => event.name === 'TimeStamp' && event.args?.data?.message?.startsWith(`${label}-`),
  );
  if (marks.length === 0) throw new Error(`the trace has no ${label} marks`);
  const { pid, tid } = marks[0]!;
  const main = trace.traceEvents.filter((event) => event.pid === pid && event.tid === tid);
  const dragStart = marks.find((mark) => mark.args!.data!.message === `${label}-start`);
  const dragEnd = marks.find((mark) => mark.args!.data!.message === `${label}-end`);
  if (!dragStart || !dragEnd) throw new Error('the trace does not hold one whole drag');
  // Top-level tasks, as merged busy intervals (tasks do not nest, but be safe).
  const tasks = main
    .filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask')
    .map((event) => [event.ts, event.ts + (event.dur ?? 0)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const busy: [number, number][] = [];
  for (const [start, end] of tasks) {
    const last = busy.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else busy.push([start, end]);
  }
  const inDrag = (ts: number) => ts >= dragStart.ts && ts <= dragEnd.ts;
  const starts = main.filter((event) => event.name === 'AnimationFrame' && event.ph === 'b').map((event) => event.ts);
  starts.sort((a, b) => a - b);
  const perFrame: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const [from, to] = [starts[i]!, starts[i + 1]!];
    if (!inDrag(from) || !inDrag(to)) continue;
    let work = 0;
    for (const [start, end] of busy) work += Math.max(0, Math.min(end, to) - Math.max(start, from));
    perFrame.push(work / 1000);
  }
  if (perFrame.length === 0) throw new Error('the trace has no frames inside the drag');
  const longestTask = Math.max(...tasks.filter(([start]) => inDrag(start)).map(([start, end]) => (end - start) / 1000));
  return { perFrame, longestTask };
}

/**
 * Scripted drags of a card from the first column to the fourth, sampling frame intervals
 * throughout each drag, then drop to painted: from pointerup to the first frame showing the card
 * in its new column. The first round is the page's first drop, with its code still cold.
 */
async function dragAndDrop(browser: Browser, page: Page, rounds: number) {
  const frames: number[] = [];
  const drops: number[] = [];
  const work = { perFrame: [] as number[], longestTask: 0 };
  for (let round = 0; round < rounds; round++) {
    const source = page.locator('[data-column-list]').nth(0).locator('[data-card-id]').nth(2);
    const cardId = await source.getAttribute('data-card-id');
    const box = (await source.boundingBox())!;
    const target = (await page.locator('[data-column-list]').nth(3).boundingBox())!;
    await page.evaluate(() => {
      const state = window as unknown as { __frames: number[]; __sampling: boolean };
      state.__frames = [];
      state.__sampling = true;
      let last = performance.now();
      const tick = (now: number) => {
        state.__frames.push(now - last);
        last = now;
        if (state.__sampling) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const start = { x: box.x + box.width / 2, y: box.y + box.height - 8 };
    // Each drag runs under Chromium's tracer, which sees the work of each frame, not just its
    // interval (the intervals are sampled under it too); the drop after it is not traced.
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(() => console.timeStamp('bench-drag-start'));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const steps = 90;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      await page.mouse.move(start.x + (target.x + 60 - start.x) * t, start.y + (target.y + 200 - start.y) * t);
    }
    frames.push(
      ...(await page.evaluate(() => {
        console.timeStamp('bench-drag-end');
        const state = window as unknown as { __frames: number[]; __sampling: boolean };
        state.__sampling = false;
        return state.__frames.slice(2);
      })),
    );
    const traced = frameWork(JSON.parse((await browser.stopTracing()).toString()) as Trace);
    work.perFrame.push(...traced.perFrame);
    work.longestTask = Math.max(work.longestTask, traced.longestTask);

    await page.evaluate((id) => {
      const state = window as unknown as { __upAt?: number; __droppedAt?: number };
      state.__droppedAt = undefined;
      window.addEventListener('pointerup', () => (state.__upAt = performance.now()), { capture: true, once: true });
      const list = document.querySelectorAll('[data-column-list]')[3]!;
      const observer = new MutationObserver(() => {
        if (list.querySelector(`[data-card-id="${id}"]`)) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (state.__droppedAt = performance.now())));
        }
      });
      observer.observe(list, { childList: true, subtree: true });
    }, cardId);
    await page.mouse.up();
    await page.waitForFunction(() => (window as unknown as { __droppedAt?: number }).__droppedAt !== undefined);
    drops.push(
      await page.evaluate(() => {
        const state = window as unknown as { __upAt: number; __droppedAt: number };
        return state.__droppedAt - state.__upAt;
      }),
    );
    // Let the move's answer arrive before the next round.
    await page.waitForTimeout(500);
  }
  return { frames, drops, work };
}

/**
 * Palette keystroke to painted results: type queries one character at a time (a pause between
 * keys, as a person types) and time each key from keydown to the first frame showing the results
 * of the query it produced.
 */
export async function paletteBench(base: string) {
  const token = await signIn(base, 'ada@acme.example');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript((value) => localStorage.setItem('workspace.session', value), token);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector('main h1');
    const samples: number[] = [];
    for (const word of ['motor', 'granite', 'cafe', 'kiosk audit', 'zephyr', 'summit']) {
      await page.keyboard.press('Control+k');
      await page.locator('.palette-input').waitFor();
      await page.evaluate(() => {
        const state = window as unknown as { __keys: Record<string, number>; __painted: Record<string, number> };
        state.__keys = {};
        state.__painted = {};
        const field = document.querySelector<HTMLInputElement>('.palette-input')!;
        field.addEventListener('keydown', () => {
          // The value this key will produce is known after the input event.
          const at = performance.now();
          field.addEventListener('input', () => (state.__keys[field.value.trim()] = at), { once: true });
        });
        const original = window.fetch;
        window.fetch = async (...args) => {
          const response = await original(...args);
          const url = new URL(args[0] instanceof Request ? args[0].url : String(args[0]), location.href);
          const q = url.searchParams.get('q');
          if (url.pathname.endsWith('/api/search') && q !== null) {
            response
              .clone()
              .text()
              .then(() =>
                // Rendered once React has committed; the next frame paints it.
                setTimeout(
                  () => requestAnimationFrame(() => setTimeout(() => (state.__painted[q] ??= performance.now()))),
                  0,
                ),
              );
          }
          return response;
        };
      });
      for (const char of word) {
        await page.keyboard.type(char);
        await page.waitForTimeout(160);
      }
      await page.waitForTimeout(300);
      const result = await page.evaluate(() => {
        const state = window as unknown as { __keys: Record<string, number>; __painted: Record<string, number> };
        return Object.entries(state.__keys)
          .filter(([q]) => state.__painted[q] !== undefined)
          .map(([q, at]) => state.__painted[q]! - at);
      });
      samples.push(...result);
      await page.keyboard.press('Escape');
    }
    return {
      keystrokes: samples.length,
      keystrokeToResultsP50Ms: round(percentile(samples, 50)),
      keystrokeToResultsP95Ms: round(percentile(samples, 95)),
    };
  } finally {
    await browser.close();
  }
}

/** Server search latency over a mix of queries, sequential requests from this process. */
export async function searchLatency(base: string) {
  const token = await signIn(base, 'ada@acme.example');
  const queries = [
    'cafe',
    'motor',
    'granite arm',
    'kiosk',
    'audit the',
    'zephyr',
    'summit 12',
    'firmware 1042',
    'ada',
    'bot 17',
    'orbit',
    'review',
    'ma',
    'x',
    'lantern ledger',
    'q',
    'stage',
    'task 99',
  ];
  const times: number[] = [];
  for (let round = 0; round < 15; round++) {
    for (const q of queries) {
      const started = performance.now();
      const response = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (round > 0) times.push(performance.now() - started);
    }
  }
  return {
    requests: times.length,
    searchP50Ms: round(percentile(times, 50)),
    searchP95Ms: round(percentile(times, 95)),
    searchMaxMs: round(Math.max(...times)),
  };
}
