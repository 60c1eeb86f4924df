/**
 * A constant-rate (open-loop) load generator: requests start on a fixed schedule, one every
 * 1/rate seconds, whether or not earlier ones have answered, and each latency counts from the
 * moment its request was due. This is what "p99 at N req/s" means: a slow answer delays nothing
 * else's start, and a queue in the server shows up in every latency behind it. (autocannon's -R
 * releases each connection's share of a second's requests back to back at the start of the
 * second, which measures bursts of `connections` concurrent requests instead.)
 *
 * Runs as its own process: `tsx bench/open-loop.ts <json options>`; prints a JSON report.
 */
import http from 'node:http';

type Options = {
  url: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
};

const options = JSON.parse(process.argv[2]!) as Options;
const target = new URL(options.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function send(): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method,
        headers: options.headers,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(options.body);
  });
}

async function run(seconds: number) {
  const interval = 1000 / options.rate;
  const total = Math.round(seconds * options.rate);
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now() + 20;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    // Sleep until this request is due. A timer may fire late; the latency still counts from
    // `due`, so lateness here can only make the figures worse, never better. (No busy waiting:
    // on a small machine it would take a core from the server.)
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send().then((status) => {
        latencies.push(performance.now() - due);
        if (status < 200 || status >= 300) failures++;
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  return { latencies, failures, elapsed, total };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (value: number) => Math.round(value * 10) / 10;

// The warm-up is not counted in the figures, but its own p99 is reported: the first seconds of this
// load after the server sat idle (this process has just started), so it includes any maintenance
// pass the idle database began, and on a server just started, the JIT compiling the hot paths.
const warmup = await run(options.warmupSeconds);
const { latencies, failures, elapsed, total } = await run(options.seconds);
const sorted = latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    offeredPerSecond: options.rate,
    achievedPerSecond: Math.round(total / elapsed),
    requests: total,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
    failures,
    warmupSeconds: options.warmupSeconds,
    warmupP99Ms: round(
      percentile(
        [...warmup.latencies].sort((a, b) => a - b),
        99,
      ),
    ),
  }),
);
agent.destroy();
