/**
 * Issue 10 item 10: a booking made in Chromium is confirmed by e-mail and SMS, read on the
 * development outbox page (ADR 090) as the customer would read them; the evening and morning
 * messages come when the engine's clock (moved by the test clock cookie, ADR 034) reaches 18:00
 * the evening before and 08:00 on the day, in the carrier's time zone.
 */
import { expect, test, type Page } from "@playwright/test";
import { addDays, zonedTime } from "../../booking/domain/time";
import { carrierUrl } from "../support/app";
import { bookThroughUi, pickCarrier, setEngineClock, type BookedOrder } from "../support/book-through-ui";
import { seededCarriers, type CmsEntry } from "../support/cms";

const outboxText = {
  sendDue: "Send the messages due now",
};

test.describe("customer messages in the development outbox", () => {
  test.describe.configure({ mode: "serial" });
  let carrier: CmsEntry;
  let code: string;
  let order: BookedOrder;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
    code = String(carrier.code);
    order = await bookThroughUi(browser, carrier, { dayIndex: 2 });
  });

  /** The outbox's e-mails and SMS about this order. */
  const aboutOrder = (page: Page, kind: "email" | "sms") => page.getByTestId(`outbox-${kind}`).filter({ hasText: order.orderRef });

  /** Opens the outbox, sends what is due on the engine's clock, and waits for `count` e-mails about the order. */
  async function sendDueAndExpect(page: Page, count: number) {
    await page.goto(carrierUrl(code, "/dev/outbox"));
    await page.getByRole("button", { name: outboxText.sendDue }).click();
    await expect(page.getByTestId("dev-outbox-pass")).not.toBeEmpty();
    await page.reload();
    await expect(aboutOrder(page, "email")).toHaveCount(count);
    await expect(aboutOrder(page, "sms")).toHaveCount(count);
  }

  test("the booking's confirmation is there at once, with its links, its calendar invite and its SMS", async ({ page }) => {
    await page.goto(carrierUrl(code, "/dev/outbox"));
    // The worker is nudged by the payment: no clock to move, no button to press.
    await expect(async () => {
      await page.reload();
      await expect(aboutOrder(page, "email")).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const mail = aboutOrder(page, "email");
    await expect(mail.getByTestId("outbox-subject")).toContainText(order.orderRef);
    await expect(mail).toContainText(order.email);
    await expect(mail).toContainText("invite.ics");
    await expect(aboutOrder(page, "sms")).toHaveCount(1);

    // The e-mail as the customer sees it (a sandboxed frame): its manage button leads to the booking.
    const html = mail.getByTestId("outbox-html").contentFrame();
    const manage = html.getByRole("link", { name: "Manage your booking" });
    const href = await manage.getAttribute("href");
    expect(href).toBe(carrierUrl(code, `/manage/booking?order_ref=${order.orderRef}&email=${encodeURIComponent(order.email)}`));
    await page.goto(href!);
    await expect(page).toHaveURL(/\/manage\/booking/);
    await expect(page.getByText(order.orderRef).first()).toBeVisible();
  });

  test("the evening message comes at 18:00 the day before and the morning message at 08:00, in the carrier's zone", async ({ page }) => {
    const zone = String(carrier.timezone);
    await setEngineClock(page, code, new Date(zonedTime(addDays(order.date, -1), "17:59", zone).getTime()));
    await sendDueAndExpect(page, 1);

    await setEngineClock(page, code, zonedTime(addDays(order.date, -1), "18:00", zone));
    await sendDueAndExpect(page, 2);
    await expect(aboutOrder(page, "email").first().getByTestId("outbox-subject")).toContainText(/Tomorrow/);

    await setEngineClock(page, code, zonedTime(order.date, "08:00", zone));
    await sendDueAndExpect(page, 3);
    await setEngineClock(page, code, null);
  });
});
