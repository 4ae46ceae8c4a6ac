/** One autocannon run measured the benches' way (bench:web, bench:api): p50/p95 over every response. */
import autocannon from "autocannon";

export interface Load {
  rps: number;
  p50: number;
  p95: number;
  /** Answers of 400 and over, and connection errors. */
  errors: number;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** autocannon for `options.duration` seconds; latencies come from every response (autocannon's own summary has no p95). */
export async function measure(options: autocannon.Options & { duration: number }): Promise<Load> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, status, _bytes, time) => {
      latencies.push(time);
      if (status >= 400) errors += 1;
    });
  });
  return { rps: result.requests.total / options.duration, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), errors: errors + result.errors };
}
