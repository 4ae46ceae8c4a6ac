/**
 * Issue 23 item 7 (ADR 181): operations see a webhook endpoint's deliveries beside its edit view in
 * the CMS and redeliver a dead one. The app runs in production mode here, so an endpoint on a
 * loopback address is refused at delivery (ADR 180): the order's event is dead at once, with the
 * reason, and the panel shows it.
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, uniqueEmail } from "../support/book-through-ui";
import { cmsCreateNoted, deleteCreated, onboardWestminsterCarrier, uniqueCode, type Created } from "../support/cms";
import { dismissAnnouncements, editView, logIntoAdmin } from "../support/cms-admin-ui";

const POSTCODE = "SW1A 1AA";
const ENDPOINT_UID = "api::ops-webhook-endpoint.ops-webhook-endpoint";

test("an endpoint's dead delivery shows in its side panel, with the reason, and can be redelivered", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const code = uniqueCode("hooks");
  const created: Created[] = [];
  try {
    const { carrier } = await onboardWestminsterCarrier(code, created, {
      heroTitle: "Repairs with partner webhooks",
      roster: { slotsPerTechnicianPerDay: 6, timeslotIntervalMinutes: 90, sameDayBookingUntil: null },
    });
    const endpoint = await cmsCreateNoted(created, "ops-webhook-endpoints", { carrierCode: code, url: "https://127.0.0.1:9/hooks", description: "Loopback partner" });
    // The engine serves the new carrier once the sync has run (ADR 080).
    await expect
      .poll(
        async () => {
          await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(POSTCODE)}`));
          return /\/booking\/device\//.test(page.url());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await bookThroughUi(browser, carrier, { email: uniqueEmail("hooks"), postcode: POSTCODE });

    await logIntoAdmin(page, process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost", process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!");
    await dismissAnnouncements(page);
    const dead = page.locator('[data-testid="webhook-delivery"][data-state="dead"]');
    await expect
      .poll(
        async () => {
          await page.goto(editView(ENDPOINT_UID, endpoint.documentId));
          await expect(page.getByText("Deliveries", { exact: true })).toBeVisible({ timeout: 20_000 });
          await expect(page.getByTestId("webhook-deliveries")).toBeVisible();
          return dead.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(dead).toContainText("order.created");
    await expect(dead).toContainText(/not a public address/);

    const redelivered = page.waitForResponse((response) => /\/deliveries\/\d+\/redeliver$/.test(response.url()));
    await dead.getByRole("button", { name: "Redeliver" }).click();
    expect((await redelivered).status()).toBe(200);
    // Refused again at its next try: dead once more, its tries counted afresh.
    await expect(page.locator('[data-testid="webhook-delivery"]')).toHaveCount(1);
  } finally {
    await deleteCreated(created);
  }
});
