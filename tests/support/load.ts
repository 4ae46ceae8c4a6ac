/**
 * Steady load through Caddy for the production suite: a few visitors, each requesting the carrier's
 * pages one after another, counting every answer. A failed request is a network error or a status of
 * 500 or more that the page did not mean (the test says which statuses it accepts).
 */
import { siteFetch } from "./production";

export interface LoadResult {
  requests: number;
  failures: { at: number; path: string; status: number | string }[];
  statuses: Record<string, number>;
}

export function steadyLoad(
  origin: string,
  paths: string[],
  {
    visitors = 4,
    pauseMs = 50,
    accept = (status: number) => status < 500,
    /** Sees every answer's status and body (e.g. to keep a 503 page for a check). */
    inspect = undefined as ((answer: { at: number; path: string; status: number; body: string; headers: Headers }) => void) | undefined,
  } = {},
) {
  const result: LoadResult = { requests: 0, failures: [], statuses: {} };
  let running = true;
  const started = Date.now();
  const visitor = async (offset: number) => {
    for (let index = offset; running; index += 1) {
      const path = paths[index % paths.length]!;
      let status: number | string;
      try {
        const response = await siteFetch(`${origin}${path}`, { signal: AbortSignal.timeout(20_000) });
        const body = await response.text();
        status = response.status;
        inspect?.({ at: Date.now(), path, status, body, headers: response.headers as unknown as Headers });
      } catch (error) {
        status = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      result.requests += 1;
      result.statuses[String(status)] = (result.statuses[String(status)] ?? 0) + 1;
      if (typeof status !== "number" || !accept(status)) result.failures.push({ at: (Date.now() - started) / 1000, path, status });
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const all = Promise.all(Array.from({ length: visitors }, (_, index) => visitor(index)));
  return {
    result,
    async stop(): Promise<LoadResult> {
      running = false;
      await all;
      return result;
    },
  };
}
