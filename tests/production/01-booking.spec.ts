/**
 * Issue 22: the production shape serves a customer end to end. A booking in Chromium on a carrier's
 * own domain, through Caddy over TLS to two replicas, Strapi and the engine on Postgres; paid with
 * the sandbox card; the confirmation e-mail delivered over SMTP to the mail server exactly once.
 */
import { expect, test } from "@playwright/test";
import { bookThroughUi, pickCarrier, uniqueEmail } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { carrierOrigin, deliveredMail, figure, isConfirmationOf, plainHttp, query, siteFetch } from "../support/production";

test("a customer books and pays on the carrier's domain through Caddy; the confirmation arrives over SMTP once", async ({ browser }) => {
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  const code = String(carrier.code);
  const origin = carrierOrigin(code);
  // The carrier's own domain, not a .localhost name: what a real deployment serves.
  expect(new URL(origin).hostname).not.toMatch(/\.localhost$/);

  // The landing page over HTTPS (Caddy's certificate for the name, checked against its CA), and
  // plain HTTP redirected to it.
  const landing = await siteFetch(`${origin}/`);
  expect([200, 302]).toContain(landing.status);
  const plain = await plainHttp(new URL(origin).hostname, "/faqs");
  expect([301, 308]).toContain(plain.status);
  expect(plain.location).toBe(`${origin}/faqs`);

  const email = uniqueEmail("production");
  const started = Date.now();
  const order = await bookThroughUi(browser, carrier, { email });
  figure("booking through Caddy in Chromium (seconds)", ((Date.now() - started) / 1000).toFixed(1));

  const [row] = await query<{ status: string; total_minor: number; transaction_id: string | null }>("select status, total_minor, transaction_id from orders where order_ref = $1", [
    order.orderRef,
  ]);
  expect(row).toMatchObject({ status: "BOOKED" });
  expect(row!.transaction_id).toBeTruthy();

  // The confirmation e-mail: sent by one of the replicas over SMTP, accepted by the mail server once.
  await expect.poll(() => deliveredMail().filter((mail) => mail.to.includes(email) && isConfirmationOf(mail, order.orderRef)).length, { timeout: 30_000 }).toBe(1);
  const [confirmation] = await query<{ state: string; attempts: number }>(
    "select state, attempts from scheduled_jobs where order_ref = $1 and kind = 'booking-confirmed' and channel = 'email'",
    [order.orderRef],
  );
  expect(confirmation).toMatchObject({ state: "sent" });
  // A little later still once: no second replica picked it up again.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(deliveredMail().filter((mail) => mail.to.includes(email) && isConfirmationOf(mail, order.orderRef))).toHaveLength(1);
});
