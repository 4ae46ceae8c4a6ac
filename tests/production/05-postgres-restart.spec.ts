/**
 * Issue 22: Postgres restarted under load. While it is down the site answers 503 with the carrier's
 * branded page (never a 500, never Caddy's own error); after it is back the site recovers by itself
 * within 10 s; nothing committed is lost.
 */
import { expect, test } from "@playwright/test";
import { bookThroughUi, pickCarrier, uniqueEmail } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { steadyLoad } from "../support/load";
import { carrierOrigin, control, figure, query, sleep } from "../support/production";

test("Postgres restarted under load: 503 with the branded page while down, recovered within 10 s after, nothing committed lost", async ({ browser }) => {
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  const origin = carrierOrigin(String(carrier.code));
  // A customer's booking: its manage page reads the engine's database on every request.
  const order = await bookThroughUi(browser, carrier, { email: uniqueEmail("pg-restart") });
  const managePage = `/manage/booking?order_ref=${order.orderRef}&email=${encodeURIComponent(order.email)}`;
  const before = await query<{ order_ref: string; status: string }>("select order_ref::text, status from orders order by id");
  const bookingsBefore = Number((await query<{ n: string }>("select count(*)::text as n from bookings"))[0]!.n);

  const unavailable: { status: number; body: string; retryAfter: string | null }[] = [];
  let lastNotOk = 0;
  let downAt = 0;
  // The manage page needs the database; the content pages do not.
  const load = steadyLoad(origin, [managePage, "/faqs", managePage, "/booking/postcode-search"], {
    visitors: 3,
    pauseMs: 100,
    accept: (status) => status < 500 || status === 503,
    inspect: ({ at, status, body, headers }) => {
      if (status >= 500) {
        lastNotOk = at;
        if (unavailable.length < 20) unavailable.push({ status, body, retryAfter: headers.get("retry-after") });
      }
    },
  });
  await sleep(3_000);
  downAt = Date.now();
  await control("postgres/stop");
  await sleep(8_000);
  await control("postgres/start");
  const upAt = Date.now();
  // Load goes on until the site has answered well for a while.
  while (Date.now() - Math.max(lastNotOk, upAt) < 5_000 && Date.now() - upAt < 30_000) await sleep(250);
  const result = await load.stop();

  const recovery = lastNotOk > upAt ? (lastNotOk - upAt) / 1000 : 0;
  figure("Postgres restart: requests, failed, 503 answers", `${result.requests}, ${result.failures.length}, ${result.statuses["503"] ?? 0} (${JSON.stringify(result.statuses)})`);
  figure("Postgres restart: seconds down, seconds to recover after it was back", `${((upAt - downAt) / 1000).toFixed(1)}, ${recovery.toFixed(1)}`);
  expect(result.failures).toEqual([]);
  expect(unavailable.length, "pages that need the database said so while it was down").toBeGreaterThan(0);
  for (const page of unavailable) {
    expect(page.status).toBe(503);
    expect(page.body).toContain(String(carrier.name));
    expect(page.retryAfter).toBeTruthy();
  }
  expect(recovery).toBeLessThan(10);

  // Nothing committed is lost.
  const after = await query<{ order_ref: string; status: string }>("select order_ref::text, status from orders order by id");
  expect(after.slice(0, before.length)).toEqual(before);
  expect(Number((await query<{ n: string }>("select count(*)::text as n from bookings"))[0]!.n)).toBeGreaterThanOrEqual(bookingsBefore);
});
