/**
 * One history per order (issue 36 items 1 and 2, ADR 247), in the user's story: a customer books;
 * the service desk refunds part of it and the customer's manage page shows the amount refunded, in
 * the carrier's currency, with the booking still changeable; the desk refunds the rest and the manage
 * page reads Refunded with no change offered, the customer's refund e-mail and SMS are in the
 * development outbox, the evening and morning reminders are withdrawn, and the desk's history names
 * the staff account. The same in German on Flickwerk for the customer's page and the message.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, expectNoSeriousA11yViolations, managePath, type BookedOrder, type Lang } from "../support/book-through-ui";
import { seededCarriers, type CmsEntry } from "../support/cms";

const PASSWORD = "DemoStaff-2026!";
const REASON = "customer called the service desk";

interface Story {
  code: string;
  lang: Lang;
  locale: string;
  staffName: string;
  /** What the customer's pages and messages say, in the customer's language. */
  says: {
    partial: RegExp;
    refundedTitle: string;
    refundedInFull: RegExp;
    changeDate: string;
    partSubject: RegExp;
    fullSubject: RegExp;
    fullSms: RegExp;
  };
}

const STORIES: Story[] = [
  {
    code: "patchpoint",
    lang: "en",
    locale: "en-GB",
    staffName: "Paul Service",
    says: {
      partial: /We have refunded £10\.00 of the £[\d,.]+ you paid\. Your repair stays booked\./,
      refundedTitle: "Your repair has been refunded.",
      refundedInFull: /We have refunded £[\d,.]+ in full\./,
      changeDate: "Change date",
      partSubject: /^Part of your .+ repair \d+ is refunded$/,
      fullSubject: /^Your .+ repair \d+ is refunded$/,
      fullSms: /repair \d+ is refunded in full \(£[\d,.]+\)\. Your booking is closed; no technician will visit\./,
    },
  },
  {
    code: "flickwerk",
    lang: "de",
    locale: "de-DE",
    staffName: "Greta Service",
    says: {
      partial: /Wir haben 10(,00)? € der gezahlten [\d.,]+ € erstattet\. Ihre Reparatur bleibt gebucht\./,
      refundedTitle: "Ihre Reparatur wurde erstattet.",
      refundedInFull: /Wir haben [\d.,]+ € vollständig erstattet\./,
      changeDate: "Datum ändern",
      partSubject: /^Teilerstattung für Ihre Reparatur \d+ bei .+$/,
      fullSubject: /^Ihre Reparatur \d+ bei .+ ist erstattet$/,
      fullSms: /Reparatur \d+ ist vollständig erstattet \([\d.,]+ €\)\. Ihre Buchung ist geschlossen; es kommt kein Techniker\./,
    },
  },
];

let carriers: CmsEntry[];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

async function logIn(browser: Browser, code: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(carrierUrl(code, "/store/login"));
  await page.getByLabel(/^(Username|Benutzername)$/).fill("service.desk");
  await page.getByLabel(/^(Password|Passwort)$/).fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(code, "/store"));
  return page;
}

/** The desk refunds `amount` (major units), or everything left when empty. */
async function refund(desk: Page, code: string, order: BookedOrder, amount: string) {
  await desk.goto(carrierUrl(code, `/store/service/${order.orderRef}`));
  const form = desk.getByTestId("service-refund");
  await form.locator("#refund-amount").fill(amount);
  await form.locator("#refund-reason").fill(REASON);
  await desk.getByTestId("service-refund-submit").click();
  // Nothing is refunded until the desk confirms the amount stated (ADR 255).
  await desk.getByTestId("service-refund-confirm-submit").click();
  await expect(desk.getByTestId("service-done")).toBeVisible();
}

/** The outbox's entries of one kind about the order (newest first). */
async function outboxAbout(page: Page, code: string, order: BookedOrder, kind: "email" | "sms") {
  await page.goto(carrierUrl(code, "/dev/outbox"));
  return page.getByTestId(`outbox-${kind}`).filter({ hasText: order.orderRef });
}

for (const story of STORIES) {
  test.describe(`one order's history (${story.code}, ${story.lang})`, () => {
    test("a partial refund shows its amount to the customer; the rest closes the booking, tells the customer and withdraws the reminders; the desk names the staff account", async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const carrier = carriers.find((c) => c.code === story.code)!;
      const order = await bookThroughUi(browser, carrier, { dayIndex: 3, lang: story.lang });
      const customer = await (await browser.newContext({ locale: story.locale })).newPage();
      const desk = await logIn(browser, story.code, story.locale);

      // Part of it: the customer sees the amount, in the carrier's currency, and can still change the booking.
      await refund(desk, story.code, order, "10");
      await customer.goto(carrierUrl(story.code, managePath(order)));
      await expect(customer.getByTestId("manage-booking")).toHaveAttribute("data-order-state", "partly_refunded");
      await expect(customer.getByTestId("partial-refund")).toHaveText(story.says.partial);
      await expect(customer.getByTestId("open-change-date")).toHaveText(story.says.changeDate);
      await expect(customer.getByTestId("order-refunded")).toHaveCount(0);
      await expect(desk.getByTestId("service-order-state")).toHaveAttribute("data-state", "partly_refunded");

      // The rest: Refunded, closed, nothing to change.
      await refund(desk, story.code, order, "");
      await customer.goto(carrierUrl(story.code, managePath(order)));
      await expect(customer.getByTestId("manage-booking")).toHaveAttribute("data-order-state", "refunded");
      const refunded = customer.getByTestId("order-refunded");
      await expect(refunded).toContainText(story.says.refundedTitle);
      await expect(refunded).toContainText(story.says.refundedInFull);
      for (const action of ["open-change-date", "open-change-address", "open-cancel"]) await expect(customer.getByTestId(action)).toHaveCount(0);
      // A change asked for by its address is not offered either.
      await customer.goto(carrierUrl(story.code, managePath(order, { modal: "date" })));
      await expect(customer.getByRole("dialog")).toHaveCount(0);
      await expectNoSeriousA11yViolations(customer);

      // The customer is told by e-mail and SMS, in their language, from the carrier's templates.
      await expect(async () => {
        const emails = await outboxAbout(desk, story.code, order, "email");
        const subjects = await emails.getByTestId("outbox-subject").allTextContents();
        expect(subjects.some((s) => story.says.fullSubject.test(s.trim()))).toBe(true);
        expect(subjects.some((s) => story.says.partSubject.test(s.trim()))).toBe(true);
      }).toPass({ timeout: 30_000 });
      await expect(async () => {
        const sms = await outboxAbout(desk, story.code, order, "sms");
        const texts = await sms.getByTestId("outbox-sms-text").allTextContents();
        expect(texts.some((text) => story.says.fullSms.test(text))).toBe(true);
      }).toPass({ timeout: 30_000 });

      // The desk: refunded, no more changes or cancelling, the reminders withdrawn, the history names the staff account.
      await desk.goto(carrierUrl(story.code, `/store/service/${order.orderRef}`));
      await expect(desk.getByTestId("service-order-state")).toHaveAttribute("data-state", "refunded");
      await expect(desk.getByTestId("service-cancel")).toHaveCount(0);
      await expect(desk.getByTestId("service-keep-fee")).toHaveCount(0);
      await expect(desk.getByTestId("service-change-date")).toHaveCount(0);
      const reminders = desk.getByTestId("service-message").and(desk.locator('[data-kind="evening-before"], [data-kind="morning-of"]'));
      expect(await reminders.count()).toBeGreaterThan(0);
      for (const state of await reminders.evaluateAll((items) => items.map((item) => item.getAttribute("data-state")))) {
        expect(state).toBe("cancelled");
      }
      const refunds = desk.getByTestId("service-history-change").and(desk.locator('[data-kind="refunded"]'));
      await expect(refunds).toHaveCount(2);
      const staffRows = desk
        .getByTestId("service-history-list")
        .locator("tr")
        .filter({ has: desk.locator('[data-kind="refunded"]') });
      await expect(staffRows.getByTestId("service-history-by")).toHaveText([story.staffName, story.staffName]);
      await expect(desk.getByTestId("service-history-list")).not.toContainText(/[a-z0-9]{24}/);
      await expectNoSeriousA11yViolations(desk);
    });
  });
}
