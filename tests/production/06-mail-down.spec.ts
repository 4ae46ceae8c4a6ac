/**
 * Issue 22: the mail server down for 60 s. Customers book meanwhile; their confirmations cannot be
 * delivered (the scheduler sees a transient failure and tries again later). When the server is back,
 * each is delivered exactly once: none lost, none twice.
 */
import { expect, test } from "@playwright/test";
import { bookThroughUi, pickCarrier, uniqueEmail, type BookedOrder } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { control, deliveredMail, figure, isConfirmationOf, query, sleep } from "../support/production";

test("the mail server down for 60 s: confirmations due meanwhile are delivered once when it returns", async ({ browser }) => {
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  await control("mail/stop");
  const downAt = Date.now();
  const orders: BookedOrder[] = [];
  let upAt = 0;
  try {
    // Two customers book while the mail server is away.
    for (const name of ["mail-down-a", "mail-down-b"]) orders.push(await bookThroughUi(browser, carrier, { email: uniqueEmail(name) }));
    // The scheduler has tried and failed by now: the rows wait for their next try.
    await expect
      .poll(
        async () =>
          (
            await query<{ n: string }>(
              "select count(*)::text as n from scheduled_jobs where order_ref = any($1::bigint[]) and channel = 'email' and kind = 'booking-confirmed' and state = 'failed'",
              [orders.map((order) => order.orderRef)],
            )
          )[0]!.n,
        { timeout: 30_000 },
      )
      .toBe(String(orders.length));
    expect(deliveredMail().filter((mail) => orders.some((order) => mail.to.includes(order.email)))).toEqual([]);
    await sleep(Math.max(0, 60_000 - (Date.now() - downAt)));
  } finally {
    await control("mail/start");
    upAt = Date.now();
  }

  const aboutOrders = () => deliveredMail().filter((mail) => orders.some((order) => mail.to.includes(order.email) && isConfirmationOf(mail, order.orderRef)));
  await expect.poll(() => aboutOrders().length, { timeout: 90_000, intervals: [500] }).toBe(orders.length);
  const deliveredAfter = (Date.now() - upAt) / 1000;
  // A while later: still once each.
  await sleep(5_000);
  const delivered = aboutOrders();
  expect(delivered).toHaveLength(orders.length);
  for (const order of orders) expect(delivered.filter((mail) => mail.to.includes(order.email))).toHaveLength(1);
  const jobs = await query<{ state: string; attempts: number }>(
    "select state, attempts from scheduled_jobs where order_ref = any($1::bigint[]) and channel = 'email' and kind = 'booking-confirmed'",
    [orders.map((order) => order.orderRef)],
  );
  expect(jobs.map((job) => job.state)).toEqual(orders.map(() => "sent"));
  figure(
    "mail server down: seconds down, seconds to deliver after it returned, tries per confirmation",
    `${((upAt - downAt) / 1000).toFixed(0)}, ${deliveredAfter.toFixed(1)}, ${jobs.map((job) => job.attempts).join("/")}`,
  );
});
