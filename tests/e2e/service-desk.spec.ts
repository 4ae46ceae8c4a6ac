/**
 * The service desk as a back office (issue 36 item 6, ADR 255–257), in Chromium with a real Strapi,
 * in English (PatchPoint's `service.desk`) and German (a customer-service account made on Flickwerk
 * for the test, the desk in the staff member's German): the staff pages wear their own layout (the
 * carrier's mark, the person and role, the staff areas, sign out; no customer header or footer);
 * the order's messages read in words with their text as sent; a refund states its amount and
 * refunds nothing until confirmed, with and without JavaScript; the desk moves the booking to a
 * day and arrival window it chooses, and the customer's manage page shows that window.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, expectNoSeriousA11yViolations, managePath, type BookedOrder } from "../support/book-through-ui";
import { cmsCreate, cmsDelete, seededCarriers, type CmsEntry } from "../support/cms";

const PASSWORD = "DemoStaff-2026!";

const DESKS = {
  en: {
    code: "patchpoint",
    username: "service.desk",
    name: "Paul Service",
    role: "Customer service",
    signOut: "Sign out",
    customerNav: ["Book a repair", "Manage booking"],
    login: { username: "Username", password: "Password" },
    reason: "Reason (more than three words)",
    kinds: { confirmed: "Booking confirmation", moved: "New date and time" },
    amount: /^Amount in /,
    continue: "Continue",
    confirmQuestion: (amount: string) => `Refund ${amount} to the customer's card?`,
    back: "No, go back",
    day: "Day",
    showWindows: "Show the arrival windows",
    moved: "The appointment was moved; the customer is told.",
    refunded: "The refund was made.",
    amountFormat: "Please enter an amount such as 12.50.",
    tooLarge: "The refund is more than what is left of the payment.",
    partial: "10.00",
    partialStated: "£10.00",
    text: "Devices:",
  },
  de: {
    code: "flickwerk",
    username: `e2e.desk.${Date.now().toString(36)}`,
    name: "Dora Dienst",
    role: "Kundenservice",
    signOut: "Abmelden",
    customerNav: ["Reparatur buchen", "Buchung verwalten"],
    login: { username: "Benutzername", password: "Passwort" },
    reason: "Grund (mehr als drei Wörter)",
    kinds: { confirmed: "Buchungsbestätigung", moved: "Neuer Termin" },
    amount: /^Betrag in /,
    continue: "Weiter",
    confirmQuestion: (amount: string) => `${amount} an die Karte der Kundschaft erstatten?`,
    back: "Nein, zurück",
    day: "Tag",
    showWindows: "Zeitfenster anzeigen",
    moved: "Der Termin wurde verschoben; der Kunde wird informiert.",
    refunded: "Die Erstattung wurde ausgeführt.",
    amountFormat: "Bitte gib einen Betrag wie 12,50 ein.",
    tooLarge: "Die Erstattung ist höher als der Rest der Zahlung.",
    partial: "10,00",
    // The carrier's style: whole euros without cents (spec §9 "99 EUR").
    partialStated: "10 €",
    text: "Geräte:",
  },
} as const;

const REASONS = { en: "customer called the service desk", de: "Kundin hat beim Kundenservice angerufen" } as const;

/** A staff member logged in on the carrier, in a browser of the desk's language. */
async function logIn(browser: Browser, lang: keyof typeof DESKS, { javaScript = true } = {}): Promise<Page> {
  const desk = DESKS[lang];
  const context = await browser.newContext({ locale: lang === "de" ? "de-DE" : "en-GB", javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.goto(carrierUrl(desk.code, "/store/login"));
  await page.getByLabel(desk.login.username).fill(desk.username);
  await page.getByLabel(desk.login.password).fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(desk.code, "/store"));
  return page;
}

/** What the page says is left to refund, as formatted there ("£259.00", "249,00 €"). */
async function leftToRefund(page: Page): Promise<{ minor: number; text: string }> {
  const line = page.getByTestId("service-refundable");
  const text = (await line.textContent())!;
  return { minor: Number(await line.getAttribute("data-minor")), text: text.slice(text.indexOf(":") + 1).trim() };
}

for (const lang of ["en", "de"] as const) {
  const desk = DESKS[lang];
  const reason = REASONS[lang];

  test.describe(`the service desk as a back office (${lang})`, () => {
    test.describe.configure({ mode: "serial" });
    let carrier: CmsEntry;
    let order: BookedOrder;
    const made: string[] = [];

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(240_000);
      carrier = (await seededCarriers({ sort: "code:asc" })).find((c) => c.code === desk.code)!;
      if (lang === "de") {
        // Flickwerk has no demo desk: Operations make one, as they would in the CMS.
        const account = await cmsCreate("ops-staff-members", {
          carrierCode: desk.code,
          username: desk.username,
          name: desk.name,
          role: "customerService",
          rolePermissions: [],
          companyPermissions: [],
          disabled: false,
          password: PASSWORD,
        });
        made.push(account.documentId);
      }
      order = await bookThroughUi(browser, carrier, { lang, dayIndex: 3 });
    });

    test.afterAll(async () => {
      for (const id of made) await cmsDelete("ops-staff-members", id).catch(() => undefined);
    });

    test("every staff page wears the back-office layout: the mark, the person and role, the staff areas, sign out; no customer header or footer", async ({ browser }) => {
      const page = await logIn(browser, lang);
      for (const path of ["/store", "/store/service", `/store/service/${order.orderRef}`]) {
        await page.goto(carrierUrl(desk.code, path));
        const header = page.getByTestId("back-office-header");
        await expect(header, path).toBeVisible();
        await expect(header.getByTestId("back-office-staff-name")).toHaveText(desk.name);
        await expect(header.getByTestId("back-office-staff-role")).toHaveText(desk.role);
        await expect(header.getByTestId("back-office-nav").getByRole("link", { name: desk.role })).toHaveAttribute("href", "/store/service");
        await expect(page.getByTestId("site-footer")).toHaveCount(0);
        for (const name of desk.customerNav) await expect(page.getByRole("link", { name }), `${path}: ${name}`).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page);
      // Sign out from the header: the log-in page is in the same frame, without the person.
      await page.getByTestId("back-office-sign-out").click();
      await expect(page).toHaveURL(/\/store\/login/);
      await expect(page.getByTestId("back-office-header")).toBeVisible();
      await expect(page.getByTestId("back-office-staff-name")).toHaveCount(0);
      await expect(page.getByTestId("site-footer")).toHaveCount(0);
      // The customer's own pages keep the customer's header and footer.
      await page.goto(carrierUrl(desk.code, "/"));
      await expect(page.getByTestId("site-footer")).toBeVisible();
      await expect(page.getByTestId("back-office-header")).toHaveCount(0);
    });

    test("messages read in words, with their channel, recipient, state and the text as sent", async ({ browser }) => {
      const page = await logIn(browser, lang);
      // The confirmation is sent once the worker has run (nudged by the payment).
      await expect(async () => {
        await page.goto(carrierUrl(desk.code, `/store/service/${order.orderRef}`));
        await expect(page.locator('[data-testid="service-message"][data-kind="booking-confirmed"][data-channel="email"][data-state="sent"]')).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const confirmation = page.locator('[data-testid="service-message"][data-kind="booking-confirmed"][data-channel="email"]');
      await expect(confirmation.getByTestId("service-message-kind")).toHaveText(desk.kinds.confirmed);
      await expect(page.getByTestId("service-messages")).not.toContainText("booking-confirmed");
      await expect(confirmation.getByTestId("service-message-recipient")).toContainText(order.email);
      // Closed until opened (a <details>: no JavaScript needed), then subject and body as the customer got them.
      await expect(confirmation.getByTestId("service-message-body")).toBeHidden();
      await confirmation.locator("summary").click();
      await expect(confirmation.getByTestId("service-message-subject")).toContainText(order.orderRef);
      await expect(confirmation.getByTestId("service-message-body")).toContainText(order.orderRef);
      await expect(confirmation.getByTestId("service-message-body")).toContainText(desk.text);
      const sms = page.locator('[data-testid="service-message"][data-kind="booking-confirmed"][data-channel="sms"]');
      if (await sms.count()) {
        await sms.locator("summary").click();
        await expect(sms.getByTestId("service-message-subject")).toHaveCount(0);
        await expect(sms.getByTestId("service-message-body")).toContainText(order.orderRef);
      }
      // The resend list names them in words too.
      await expect(page.getByTestId("service-resend-form").locator("option", { hasText: desk.kinds.confirmed }).first()).toBeAttached();
    });

    test("moves the booking to a day and an arrival window the desk chooses; the customer's manage page and message show that window", async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await logIn(browser, lang);
      await page.goto(carrierUrl(desk.code, `/store/service/${order.orderRef}`));
      const move = page.getByTestId("service-change-date");
      const days = move.getByLabel(desk.day).locator("option");
      const values = await days.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      const day = values.find((value) => value !== order.date)!;
      await move.getByLabel(desk.day).selectOption(day);
      await move.getByRole("button", { name: desk.showWindows }).click();
      await expect(page).toHaveURL(new RegExp(`day=${day}`));
      const windows = page.locator('[data-testid="service-move-window"]:not([disabled])');
      await expect(windows.first()).toBeVisible();
      // Not the first free window (which a move without a choice would give): the last one offered.
      const chosen = windows.last();
      const start = (await chosen.getAttribute("value"))!;
      const label = (await page
        .getByTestId("service-move-window-form")
        .locator("label", { has: page.locator(`input[value="${start}"]`) })
        .textContent())!.trim();
      // No window chosen: the field says so, nothing moves.
      await page.getByTestId("service-move-window-form").getByLabel(desk.reason).fill(reason);
      await page.getByTestId("service-change-date-submit").click();
      await expect(page.getByTestId("change-date-slot-error")).toBeVisible();
      await expect(page.getByTestId("service-date")).toHaveAttribute("data-date", order.date);
      await page.getByTestId("service-move-window-form").locator(`input[value="${start}"]`).check();
      await page.getByTestId("service-move-window-form").getByLabel(desk.reason).fill(reason);
      await page.getByTestId("service-change-date-submit").click();
      await expect(page.getByTestId("service-done")).toHaveText(desk.moved);
      await expect(page.getByTestId("service-date")).toHaveAttribute("data-date", day);
      await expect(page.getByTestId("service-date")).toHaveAttribute("data-window", start);
      await expect(page.getByTestId("service-date")).toContainText(label);

      // The customer's manage page shows the window the desk chose.
      const customer = await (await browser.newContext({ locale: lang === "de" ? "de-DE" : "en-GB" })).newPage();
      await customer.goto(carrierUrl(desk.code, managePath(order)));
      await expect(customer.getByTestId("overview-timeslot")).toContainText(label);

      // The customer's message about the move states that window.
      await expect(async () => {
        await page.goto(carrierUrl(desk.code, `/store/service/${order.orderRef}`));
        await expect(page.locator('[data-testid="service-message"][data-kind="date-changed"][data-channel="email"]')).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const message = page.locator('[data-testid="service-message"][data-kind="date-changed"][data-channel="email"]');
      await expect(message.getByTestId("service-message-kind")).toHaveText(desk.kinds.moved);
      await message.locator("summary").click();
      await expect(message.getByTestId("service-message-body")).toContainText(label);
    });

    test("a refund states its amount and refunds nothing until confirmed (with JavaScript)", async ({ browser }) => {
      const page = await logIn(browser, lang);
      await page.goto(carrierUrl(desk.code, `/store/service/${order.orderRef}`));
      const before = await leftToRefund(page);
      const refund = page.getByTestId("service-refund");
      // An amount the page cannot read, and one larger than what is left: the field's error, no confirmation.
      await refund.getByLabel(desk.amount).fill("12,5x");
      await refund.getByLabel(desk.reason).fill(reason);
      await refund.getByRole("button", { name: desk.continue }).click();
      await expect(page.getByTestId("refund-amount-error")).toHaveText(desk.amountFormat);
      await expect(page.getByTestId("service-refund-confirm")).toHaveCount(0);
      await refund.getByLabel(desk.amount).fill(String(before.minor));
      await refund.getByRole("button", { name: desk.continue }).click();
      await expect(page.getByTestId("refund-amount-error")).toHaveText(desk.tooLarge);

      await refund.getByLabel(desk.amount).fill(desk.partial);
      await refund.getByRole("button", { name: desk.continue }).click();
      const confirm = page.getByTestId("service-refund-confirm");
      await expect(confirm).toBeVisible();
      await expect(confirm.getByTestId("service-refund-confirm-question")).toHaveAttribute("data-minor", "1000");
      await expect(confirm.getByTestId("service-refund-confirm-question")).toHaveText(desk.confirmQuestion(desk.partialStated));
      await expect(confirm.getByTestId("service-refund-confirm-reason")).toContainText(reason);
      await expectNoSeriousA11yViolations(page);
      // Nothing is refunded yet.
      await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", "0");
      await page.getByTestId("service-refund-confirm-submit").click();
      await expect(page.getByTestId("service-done")).toHaveText(desk.refunded);
      await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", "1000");
      await expect(page.locator('[data-testid="service-action-kind"][data-action="refund"]')).toHaveCount(1);
    });

    test("a refund states its amount and refunds nothing until confirmed (without JavaScript)", async ({ browser }) => {
      const page = await logIn(browser, lang, { javaScript: false });
      await page.goto(carrierUrl(desk.code, `/store/service/${order.orderRef}`));
      const before = await leftToRefund(page);
      const refunded = Number(await page.getByTestId("service-refunded").getAttribute("data-minor"));
      // Everything left (no amount typed): the confirmation states it in the carrier's currency.
      const refund = page.getByTestId("service-refund");
      await refund.getByLabel(desk.reason).fill(reason);
      await refund.getByRole("button", { name: desk.continue }).click();
      const confirm = page.getByTestId("service-refund-confirm");
      await expect(confirm.getByTestId("service-refund-confirm-question")).toHaveText(desk.confirmQuestion(before.text));
      // Going back refunds nothing.
      await confirm.getByRole("link", { name: desk.back }).click();
      await expect(page.getByTestId("service-refund-confirm")).toHaveCount(0);
      await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", String(refunded));
      // Again, and confirmed: everything left is refunded, once.
      await page.getByTestId("service-refund").getByLabel(desk.reason).fill(reason);
      await page.getByTestId("service-refund").getByRole("button", { name: desk.continue }).click();
      await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", String(refunded));
      await page.getByTestId("service-refund-confirm-submit").click();
      await expect(page.getByTestId("service-done")).toHaveText(desk.refunded);
      await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", String(refunded + before.minor));
      await expect(page.getByTestId("service-refund")).toHaveCount(0);
    });
  });
}
