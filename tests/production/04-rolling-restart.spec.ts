/**
 * Issue 22: a rolling restart of both replicas under steady load fails no request. Each replica in
 * turn is told to stop (SIGTERM, as `docker stop` and systemd do), drains, exits, and is started
 * again; the next goes only once the restarted one is ready and Caddy's health check has seen it.
 */
import { expect, test } from "@playwright/test";
import { steadyLoad } from "../support/load";
import { carrierOrigin, control, figure, sleep, state } from "../support/production";

test("a rolling restart of both replicas under steady load: 0 failed requests", async () => {
  const origin = carrierOrigin("patchpoint");
  const load = steadyLoad(origin, ["/", "/faqs", "/booking/postcode-search", "/booking/postcode-search?postcode=SW1A%201AA"], { visitors: 4 });
  await sleep(3_000);
  const timings: string[] = [];
  for (const replica of [1, 2]) {
    const started = Date.now();
    await control(`replicas/${replica}/stop`);
    const stopped = Date.now();
    await control(`replicas/${replica}/start`);
    timings.push(`replica ${replica}: drained and stopped in ${((stopped - started) / 1000).toFixed(1)} s, ready again after ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
    // Caddy's active health check (every second) sees it back before the next one goes.
    await sleep(3_000);
  }
  await sleep(2_000);
  const result = await load.stop();
  figure("rolling restart", timings.join("; "));
  figure("rolling restart: requests, failed", `${result.requests}, ${result.failures.length} (${JSON.stringify(result.statuses)})`);
  expect(result.requests).toBeGreaterThan(100);
  expect(result.failures).toEqual([]);
  expect(state().ports.app).toHaveLength(2);
});
