/**
 * A streaming agent reply in Chromium (headless): how long a piece the agent appends takes to
 * reach the person's screen (issue 15's target: p95 ≤ 100 ms, server + stream + paint).
 *
 * The person (signed in) has the conversation open (`/agents/{agentId}/sessions/{sessionId}`,
 * src/features/agent-chat: its messages in a `role="log"` region), its live stream connected (the shell's
 * `.live-indicator` reads `open`) and the agent's reply on screen, streaming (`done: false`). Then
 * the page itself plays the agent: it sends each piece with `fetch` and the agent's token (`PATCH
 * …/messages/{messageId}` `{append: ' piece-NNNN'}`, no `X-Client-Id`, so the tab does not take it
 * for its own echo), while a MutationObserver on the log notes when each piece's marker is in the
 * DOM. Every time is `performance.now()` of the page, so no clocks need mapping:
 *
 *  - answer: send to the PATCH's answer (the server alone, over loopback from the page);
 *  - in the DOM: send to the mutation holding the marker (server, event, stream, React);
 *  - frame: send to the first animation frame after it (the requestAnimationFrame callback);
 *  - painted: send to a task after that frame (rAF then setTimeout, as the other browser benches
 *    read "painted": the frame's style, layout and paint done).
 *
 * Two runs, after 10 pieces of warm-up: one piece at a time (the next is sent once the last is
 * painted: the latency alone), and paced, a piece every 40 ms (25 a second, a model's streaming
 * rate; the agent does not wait for the screen, only for each answer, as a real one does). The
 * machine's 1-minute load average is printed beside: the browser, the server and this process share
 * its cores, and the figures move with what else runs.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/browser.ts';
import { percentile, round } from './shared.ts';

type Piece = { sent: number; answered: number; seen: number; frame: number; painted: number; status: number };

export type ReplyTarget = {
  /** The person's session token (the conversation's owner). */
  personToken: string;
  agentId: string;
  sessionId: string;
  /** The agent's token (`agt_…`). */
  agentToken: string;
};

const WARMUP = 10;
const PIECES = 200;
const PACED_INTERVAL_MS = 40;

/** Sends to the API as the agent, from Node; the answer's JSON. */
async function asAgent<T>(base: string, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export async function agentReplyBench(base: string, target: ReplyTarget) {
  const { personToken, agentId, sessionId, agentToken } = target;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // tsx names functions with a `__name` helper; functions sent to the page need it there too.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript((value) => localStorage.setItem('workspace.session', value), personToken);
    const page = await context.newPage();
    await page.goto(`${base}/agents/${agentId}/sessions/${sessionId}`);
    await page.locator('[role="log"] .agent-message[data-role="user"]').first().waitFor({ timeout: 60_000 });
    // The tab's live stream is connected: what the agent sends from now on reaches it.
    await page.locator('.live-indicator[data-status="open"]').waitFor({ state: 'attached', timeout: 30_000 });

    const reply = await asAgent<{ id: string }>(
      base,
      agentToken,
      'POST',
      `/agents/${agentId}/sessions/${sessionId}/messages`,
      {
        text: 'Bench reply:',
        done: false,
      },
    );
    await page.locator('[role="log"] .agent-message[data-role="agent"][data-status="streaming"]').waitFor();

    const url = `${base}/api/agents/${agentId}/sessions/${sessionId}/messages/${reply.id}`;
    const run = (from: number, count: number, intervalMs: number) =>
      page.evaluate(
        async ({ url, token, from, count, intervalMs }) => {
          const log = document.querySelector('[role="log"]')!;
          type Entry = Record<'sent' | 'answered' | 'seen' | 'frame' | 'painted' | 'status', number>;
          const pending = new Map<string, { entry: Entry; shown: () => void }>();
          const observer = new MutationObserver(() => {
            if (pending.size === 0) return;
            const now = performance.now();
            const text = log.textContent ?? '';
            for (const [marker, { entry, shown }] of pending) {
              if (!text.includes(marker)) continue;
              pending.delete(marker);
              entry.seen = now;
              requestAnimationFrame(() => {
                entry.frame = performance.now();
                setTimeout(() => {
                  entry.painted = performance.now();
                  shown();
                });
              });
            }
          });
          observer.observe(log, { subtree: true, childList: true, characterData: true });
          const entries: Entry[] = [];
          const inFlight: Promise<unknown>[] = [];
          const started = performance.now();
          for (let i = 0; i < count; i++) {
            if (intervalMs > 0) {
              const wait = started + i * intervalMs - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            }
            const marker = `piece-${String(from + i).padStart(4, '0')}`;
            const entry: Entry = { sent: NaN, answered: NaN, seen: NaN, frame: NaN, painted: NaN, status: 0 };
            let shown!: () => void;
            const painted = new Promise<void>((resolve) => (shown = resolve));
            const onScreen = Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 10_000))]);
            entries.push(entry);
            pending.set(marker, { entry, shown });
            entry.sent = performance.now();
            const response = await fetch(url, {
              method: 'PATCH',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ append: ` ${marker}` }),
            });
            await response.arrayBuffer();
            entry.answered = performance.now();
            entry.status = response.status;
            if (intervalMs > 0) inFlight.push(onScreen);
            else await onScreen;
          }
          await Promise.all(inFlight);
          observer.disconnect();
          return entries;
        },
        { url, token: agentToken, from, count, intervalMs },
      ) as Promise<Piece[]>;

    await run(0, WARMUP, 0);
    const rows = [];
    const results: Record<string, unknown> = {};
    for (const [label, key, interval] of [
      ['one at a time (each sent once the last is painted)', 'sequential', 0],
      [`paced, a piece every ${PACED_INTERVAL_MS} ms`, 'paced', PACED_INTERVAL_MS],
    ] as const) {
      const from = WARMUP + (key === 'paced' ? PIECES : 0);
      const pieces = await run(from, PIECES, interval);
      const refused = pieces.filter((piece) => piece.status !== 200).length;
      const shown = pieces.filter((piece) => !Number.isNaN(piece.painted));
      const of = (field: 'answered' | 'seen' | 'frame' | 'painted') => shown.map((piece) => piece[field] - piece.sent);
      const answers = pieces.map((piece) => piece.answered - piece.sent);
      const row = {
        run: label,
        pieces: pieces.length,
        refused,
        neverShown: pieces.length - shown.length,
        answerP50Ms: round(percentile(answers, 50)),
        answerP95Ms: round(percentile(answers, 95)),
        inDomP50Ms: round(percentile(of('seen'), 50)),
        inDomP95Ms: round(percentile(of('seen'), 95)),
        frameP95Ms: round(percentile(of('frame'), 95)),
        paintedP50Ms: round(percentile(of('painted'), 50)),
        paintedP95Ms: round(percentile(of('painted'), 95)),
        paintedMaxMs: round(Math.max(...of('painted'))),
        // The machine's load (2 cores shared with the browser and the server): context for the figures.
        loadAverage1m: round(loadavg()[0]!),
      };
      rows.push(row);
      results[key] = row;
    }
    await asAgent(base, agentToken, 'PATCH', `/agents/${agentId}/sessions/${sessionId}/messages/${reply.id}`, {
      status: 'complete',
    });
    console.log(
      `\nA streaming agent reply in Chromium (headless): a piece sent by the agent (PATCH …/messages/{id} {append}, from the page) ` +
        `to the page's frame showing it (target: painted p95 ≤ 100 ms); ${PIECES} pieces per run after ${WARMUP} warm-up. ` +
        'answer = the PATCH alone; inDom = the mutation holding the piece; frame = the next animation frame; painted = a task after it.',
    );
    console.table(rows);
    return results;
  } finally {
    await browser.close();
  }
}
