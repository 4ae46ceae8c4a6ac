/**
 * Issue 22: metrics from both replicas, scraped over the network from each replica's metrics
 * listener (METRICS_HOST/METRICS_PORT), add up to what the test did: requests, bookings, payments
 * and messages.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { pickCarrier, uniqueEmail } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { book, createHttpCustomer } from "../support/http-customer";
import { carrierOrigin, counter, figure, query, scrape, siteFetch, sleep, state } from "../support/production";

interface Totals {
  requests: number;
  paid: number;
  approved: number;
  messages: number;
}

/** Both replicas' counters, summed (requests without the health checks Caddy makes every second). */
async function totals(): Promise<Totals> {
  const texts = await Promise.all(state().ports.metrics.map((_, replica) => scrape(replica)));
  const sum = (name: string, labels: Record<string, string> = {}) => texts.reduce((total, text) => total + counter(text, name, labels), 0);
  const requests = texts.reduce((total, text) => total + counter(text, "http_requests_total") - counter(text, "http_requests_total", { group: "api" }), 0);
  return {
    requests,
    paid: sum("bookings_total", { outcome: "paid" }),
    approved: sum("payments_total", { outcome: "approved" }),
    messages: sum("messages_sent_total", { outcome: "sent" }),
  };
}

test("both replicas' metrics, scraped over the network, add up to the requests, bookings, payments and messages the test made", async () => {
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  const code = String(carrier.code);
  const origin = carrierOrigin(code);
  // Both listeners answer, each on its replica's own address.
  for (const replica of [0, 1]) expect(await scrape(replica)).toContain("http_requests_total");

  const before = await totals();
  const pages = 20;
  for (let index = 0; index < pages; index += 1) await (await siteFetch(`${origin}/faqs`)).arrayBuffer();
  const customers = Array.from({ length: 3 }, () =>
    createHttpCustomer({ origin, carrier: { code, countryCode: String(carrier.countryCode) }, connectTo: "127.0.0.1", ca: readFileSync(state().caRoot) }),
  );
  const orders = await Promise.all(customers.map((customer) => book(customer, { email: uniqueEmail("metrics") })));
  const refs = orders.map((order) => order.orderRef);
  // Every message of these orders that is due now has gone out (confirmation e-mail and SMS).
  await expect
    .poll(
      async () =>
        Number(
          (await query<{ n: string }>("select count(*)::text as n from scheduled_jobs where order_ref = any($1::bigint[]) and run_at <= now() and state <> 'sent'", [refs]))[0]!.n,
        ),
      { timeout: 30_000 },
    )
    .toBe(0);
  const sent = Number((await query<{ n: string }>("select count(*)::text as n from scheduled_jobs where order_ref = any($1::bigint[]) and state = 'sent'", [refs]))[0]!.n);
  await sleep(500);
  const after = await totals();
  const tries = customers.reduce((total, customer) => total + customer.stats.tries, 0);
  const delta = {
    requests: after.requests - before.requests,
    paid: after.paid - before.paid,
    approved: after.approved - before.approved,
    messages: after.messages - before.messages,
  };
  figure(
    "metrics, both replicas: requests, bookings paid, payments approved, messages sent (made by the test)",
    `${delta.requests} (${pages + tries}), ${delta.paid} (3), ${delta.approved} (3), ${delta.messages} (${sent})`,
  );
  expect(delta).toEqual({ requests: pages + tries, paid: 3, approved: 3, messages: sent });
  await Promise.all(customers.map((customer) => customer.close()));
});
