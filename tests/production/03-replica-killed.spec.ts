/**
 * Issue 22: a replica killed (SIGKILL) while 20 customers are mid-booking and paying. The customers
 * are HTTP clients doing what a browser without JavaScript does (tests/support/http-customer.ts),
 * through Caddy over TLS on the carrier's domain; a request that dies with the replica is sent again
 * as a browser would (a reload, a resubmit of the same form). Every customer finishes; no paid
 * booking is lost, nobody is charged twice, no message goes twice, no day is overbooked, and the
 * messages the dead replica had claimed are sent by the other.
 *
 * Issue 43: nobody starts the killed replica again. The runner's supervisor does (the compose file's
 * `restart: unless-stopped`), it is ready within a bound, and Caddy sends it visitors again (its fresh
 * request counter grows). Strapi is then killed the same way and comes back on its own while the
 * pages keep coming from the replicas' cache. A steady load of page visits through Caddy runs
 * throughout: 0 of its requests fail.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { pickCarrier, uniqueEmail } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { book, createHttpCustomer, type BookedByHttp, type HttpCustomer } from "../support/http-customer";
import { steadyLoad } from "../support/load";
import {
  carrierOrigin,
  control,
  counter,
  deliveredMail,
  figure,
  isConfirmationOf,
  processesNow,
  query,
  replicaGet,
  replicasNow,
  scrape,
  sleep,
  state,
} from "../support/production";

const CUSTOMERS = 20;
/** A restarted replica or Strapi must be back within these (the 2-core machine, under this load). */
const REPLICA_BACK_WITHIN_S = 60;
const CMS_BACK_WITHIN_S = 120;

/** Polls until `check` gives a value, at most `timeoutMs`; the seconds it took and the value. */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

let load: ReturnType<typeof steadyLoad> | undefined;
// A failure part-way stops the visitors too, before the next file breaks something else.
test.afterEach(async () => {
  await load?.stop();
});

/** The pages the steady visitors read through Caddy. */
const VISITED = ["/", "/faqs", "/booking/postcode-search"];

/** Page visits to a replica's current process, without the health checks (group api). */
const visitsTo = async (replica: number) => {
  const text = await scrape(replica);
  return counter(text, "http_requests_total") - counter(text, "http_requests_total", { group: "api" });
};

test("a replica SIGKILLed while 20 customers book and pay: all finish, 0 lost, 0 charged twice, 0 duplicate messages, 0 overbooked days; it and then Strapi come back on their own, 0 failed page visits", async () => {
  test.setTimeout(480_000);
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  const code = String(carrier.code);
  const origin = carrierOrigin(code);
  const since = new Date();
  const customers: HttpCustomer[] = Array.from({ length: CUSTOMERS }, () =>
    createHttpCustomer({ origin, carrier: { code, countryCode: String(carrier.countryCode) }, connectTo: "127.0.0.1", ca: readFileSync(state().caRoot), retryForMs: 60_000 }),
  );
  const emails = customers.map((_, index) => uniqueEmail(`killed-${index}`));

  // Visitors reading the carrier's pages through Caddy from start to end (issue 43).
  load = steadyLoad(origin, VISITED, { visitors: 2, pauseMs: 100 });
  // A slow mail relay: each e-mail takes 3 s to be accepted, so replicas hold claimed messages when one dies.
  await control("mail/delay?ms=3000");
  const started = Date.now();
  // Customers arrive over the first seconds, as they would; the kill lands while most are in the
  // middle of their booking and the first are paying.
  const journeys = customers.map(async (customer, index) => {
    await sleep(index * 250);
    return book(customer, { email: emails[index]! });
  });
  let killedAt = 0;
  type Claim = { id: string; locked_by: string };
  let claimedAtKill: Claim[] = [];
  let deadPid = 0;
  const sending = () =>
    query<Claim>(
      "select id::text, locked_by from scheduled_jobs where state = 'sending' and type = 'message' and order_ref = any(select order_ref from orders where email = any($1))",
      [emails],
    );
  const killer = (async () => {
    // Once payments have gone through and confirmations are being sent, kill replica 1 without warning.
    while (Date.now() - started < 90_000) {
      const [paid] = await query<{ n: string }>("select count(*)::text as n from orders where email = any($1)", [emails]);
      if (Number(paid!.n) >= 6 && new Set((await sending()).map((claim) => claim.locked_by)).size >= 2) break;
      await sleep(100);
    }
    deadPid = (await replicasNow())[0]!.pid;
    await control("replicas/1/kill");
    killedAt = Date.now();
    claimedAtKill = await sending();
  })();
  // Nobody starts it again: the supervisor does, and Caddy's health check (/readyz) lets visitors back.
  const comeback = (async () => {
    await killer;
    const back = await until(
      async () => (await replicasNow()).find((replica) => replica.index === 0 && replica.running && replica.pid !== deadPid),
      REPLICA_BACK_WITHIN_S * 1000,
      "the killed replica restarted and ready",
    );
    const readyAt = Date.now();
    await until(async () => (await visitsTo(0)) > 0, 30_000, "a visit through Caddy on the restarted replica");
    return { pid: back.pid, readySeconds: (readyAt - killedAt) / 1000, visitedSeconds: (Date.now() - readyAt) / 1000 };
  })();
  comeback.catch(() => {}); // awaited below; a failure is reported there
  const outcomes = await Promise.allSettled(journeys);
  await killer;
  // Strapi killed the same way once the customers are done: the pages keep coming from the cache.
  // A replica keeps the content it has read (issue 13's last good content); the restarted one began
  // empty and Caddy may not yet have sent it every page, so it renders each visited page first (once
  // a CI run had its FAQ page answer 503 while Strapi was down: content it had never read).
  await comeback;
  for (const pathname of VISITED) expect((await replicaGet(0, new URL(origin).hostname, pathname)).status, pathname).toBe(200);
  const cmsBefore = (await processesNow()).cms!.pid;
  await control("cms/kill");
  const cmsKilledAt = Date.now();
  const cmsComeback = until(
    async () => {
      const cms = (await processesNow()).cms;
      if (cms?.status !== "running" || cms.pid === cmsBefore) return null;
      const health = await fetch(`${state().cmsUrl}/_health`).catch(() => null);
      return health?.status === 204 ? (Date.now() - cmsKilledAt) / 1000 : null;
    },
    CMS_BACK_WITHIN_S * 1000,
    "Strapi restarted and healthy",
  );
  cmsComeback.catch(() => {}); // awaited below
  // The claims the dead replica held when it died (a worker's id names its process).
  const deadClaims = claimedAtKill.filter((claim) => claim.locked_by.split(":")[1] === String(deadPid));
  await control("mail/delay?ms=0");
  const finished = outcomes.filter((outcome): outcome is PromiseFulfilledResult<BookedByHttp> => outcome.status === "fulfilled").map((outcome) => outcome.value);
  const failures = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => String((outcome as PromiseRejectedResult).reason).slice(0, 300));
  const retries = customers.reduce((sum, customer) => sum + customer.stats.retries, 0);
  const tries = customers.reduce((sum, customer) => sum + customer.stats.tries, 0);
  const causes: Record<string, number> = {};
  for (const customer of customers) for (const [cause, count] of Object.entries(customer.stats.causes)) causes[cause] = (causes[cause] ?? 0) + count;
  figure("replica killed: customers finished, requests, retries (causes)", `${finished.length}/${CUSTOMERS}, ${tries}, ${retries} (${JSON.stringify(causes)})`);
  figure(
    "replica killed: seconds from the first customer to the kill, to the last booking",
    `${((killedAt - started) / 1000).toFixed(1)}, ${((Date.now() - started) / 1000).toFixed(1)}`,
  );
  expect(failures).toEqual([]);
  expect(finished).toHaveLength(CUSTOMERS);
  expect(killedAt, "the kill happened while customers were booking").toBeGreaterThan(0);

  // Every customer has exactly one order, booked; every order is theirs.
  const orders = await query<{
    order_ref: string;
    email: string;
    status: string;
    transaction_id: string | null;
    date: string;
    area_code: string;
    slot: string;
    technician_id: string;
  }>("select order_ref::text, email, status, transaction_id, date::text, area_code, slot, technician_id from orders where email = any($1)", [emails]);
  expect(orders).toHaveLength(CUSTOMERS);
  expect(new Set(orders.map((order) => order.email)).size).toBe(CUSTOMERS);
  expect(orders.every((order) => order.status === "BOOKED" && order.transaction_id)).toBe(true);
  expect(new Set(finished.map((order) => order.orderRef))).toEqual(new Set(orders.map((order) => order.order_ref)));

  // Charges: every charge the gateway made since the test began belongs to one of these orders, once.
  const charges = await query<{ id: string }>(
    "select record->'transaction'->>'id' as id from payment_ledger where record->>'kind' = 'transaction' and record->'transaction'->>'carrierCode' = $1 and (record->'transaction'->>'createdAt')::timestamptz >= $2",
    [code, since.toISOString()],
  );
  figure(
    "replica killed: charges, orders, lost paid bookings, double charges",
    `${charges.length}, ${orders.length}, ${charges.filter((charge) => !orders.some((order) => order.transaction_id === charge.id)).length}, ${charges.length - new Set(orders.map((order) => order.transaction_id)).size}`,
  );
  expect(charges.map((charge) => charge.id).sort()).toEqual(orders.map((order) => order.transaction_id!).sort());

  // No technician's window sold twice: one order per technician, day and slot.
  const windows = new Map<string, number>();
  for (const order of await query<{ key: string }>("select technician_id || ' ' || date::text || ' ' || slot as key from orders where carrier_code = $1 and status = 'BOOKED'", [
    code,
  ]))
    windows.set(order.key, (windows.get(order.key) ?? 0) + 1);
  const overbooked = [...windows].filter(([, count]) => count > 1);
  figure("replica killed: overbooked technician windows", overbooked.length);
  expect(overbooked).toEqual([]);

  // Messages: every confirmation sent once, by the replica still alive for those the dead one had claimed.
  await expect
    .poll(
      async () =>
        Number(
          (
            await query<{ n: string }>("select count(*)::text as n from scheduled_jobs where order_ref = any($1::bigint[]) and kind = 'booking-confirmed' and state <> 'sent'", [
              orders.map((order) => order.order_ref),
            ])
          )[0]!.n,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(0);
  const mail = deliveredMail().filter((message) => emails.some((email) => message.to.includes(email)));
  const confirmations = mail.filter((message) => orders.some((order) => isConfirmationOf(message, order.order_ref)));
  const messageIdOf = (message: (typeof confirmations)[number]) => /^Message-ID: (.*)$/im.exec(message.raw)?.[1]?.trim();
  const messageIds = confirmations.map(messageIdOf);
  figure("replica killed: confirmation e-mails delivered, distinct", `${confirmations.length}, ${new Set(messageIds).size}`);
  // What each confirmation was, should one be too many: which customer, order and message key, and when.
  const listed = confirmations.map((message, index) => `${message.file} to ${message.to.join(",")} "${message.subject}" ${messageIds[index] ?? "(no Message-ID)"}`).join("\n");
  // Every confirmation carries its row's Message-ID, one per order. A message the dead replica handed to
  // the mail server before it could record the send is sent again by the other after the lease: SMTP
  // cannot make a send happen exactly once, so that resend is the same message (the same Message-ID,
  // shown once by every mail client; ADR 156, 258), never a second confirmation.
  expect(messageIds.every(Boolean), listed).toBe(true);
  expect(new Set(messageIds).size, listed).toBe(CUSTOMERS);
  for (const email of emails) expect(new Set(confirmations.filter((message) => message.to.includes(email)).map(messageIdOf)).size, email).toBe(1);

  // The dead replica's claims were taken over by the live one once their lease ran out, and sent once.
  figure("replica killed: messages the dead replica had claimed, then sent by the other", deadClaims.length);
  expect(deadClaims.length, "the killed replica was sending when it died").toBeGreaterThan(0);
  const afterwards = await query<{ id: string; state: string; attempts: number; locked_by: string | null }>(
    "select id::text, state, attempts, locked_by from scheduled_jobs where id = any($1::bigint[])",
    [deadClaims.map((claim) => claim.id)],
  );
  for (const row of afterwards) expect(row).toMatchObject({ state: "sent", locked_by: null });
  expect(afterwards.every((row) => row.attempts >= 2)).toBe(true);

  // Both came back by themselves, within their bounds, and no visitor noticed.
  const replica = await comeback;
  figure(
    "replica killed: back and ready (s after the kill; bound), first visit through Caddy on it (s after ready)",
    `${replica.readySeconds.toFixed(1)} (${REPLICA_BACK_WITHIN_S}), ${replica.visitedSeconds.toFixed(1)}`,
  );
  expect(replica.readySeconds).toBeLessThan(REPLICA_BACK_WITHIN_S);
  const cmsSeconds = await cmsComeback;
  figure("Strapi killed: back and healthy (s after the kill; bound)", `${cmsSeconds.toFixed(1)} (${CMS_BACK_WITHIN_S})`);
  expect(cmsSeconds).toBeLessThan(CMS_BACK_WITHIN_S);
  const visits = await load.stop();
  figure("replica and Strapi killed: page visits through Caddy, failed", `${visits.requests}, ${visits.failures.length} (${JSON.stringify(visits.statuses)})`);
  expect(visits.requests).toBeGreaterThan(100);
  expect(visits.failures).toEqual([]);
  expect((await replicasNow()).map((entry) => entry.running)).toEqual([true, true]);
  await Promise.all(customers.map((customer) => customer.close()));
});
