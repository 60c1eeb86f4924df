/** Pieces the browser benchmarks share. */

/** The p-th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** One decimal, for printing milliseconds. */
export const round = (value: number) => Math.round(value * 10) / 10;

/** A session token for a demo account on the server at `base`. */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'workspace-demo' }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A Chromium trace event, as far as the browser benchmarks read it. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { message?: string; type?: string } };
};
export type Trace = { traceEvents: TraceEvent[] };
