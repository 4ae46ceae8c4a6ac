/**
 * Technician tracking (spec §2 /my/technician/{email}/{orderRef}, §1 and §9 the 60-minute window and
 * the 15-minute wait): before the day the page says when to expect the technician; on the
 * appointment day the embedded default's simulated van drives toward the customer and the page
 * follows it without reloading. The engine's clock is moved per browser context (ADR 034).
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import {
  bookThroughUi,
  expectEngineClockAt,
  expectNoSeriousA11yViolations,
  managePath,
  pickCarrier,
  setEngineClock,
  text,
  trackingPath,
  type Lang,
} from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const JOURNEYS = [
  { label: "a UK carrier", kind: "uk", lang: "en" },
  { label: "the German carrier in German", kind: "german", lang: "de" },
] as const;

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  const t = (key: string, params?: Record<string, string | number>) => text(lang, "manage", key, params);
  const lookupText = (key: string) => text(lang, "manage-lookup", key);

  test.describe(`tracking the technician: ${journey.label}`, () => {
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });

    test("the van moves toward the customer between two updates, without a reload", async ({ page, browser }) => {
      test.setTimeout(180_000);
      const carrier = pickCarrier(carriers, journey.kind);
      const code = String(carrier.code);
      const order = await bookThroughUi(browser, carrier, { lang, dayIndex: 1 });

      await page.goto(carrierUrl(code, trackingPath(order)));
      const tracking = page.getByTestId("tracking");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("tracking.title"));
      await expect(tracking).toHaveAttribute("data-status", "scheduled");
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.scheduled"));
      await expect(page.getByTestId("tracking-promise")).toHaveText(t("tracking.promise60"));
      await expect(page.getByText(t("tracking.promise15"))).toBeVisible();
      // No tile server in the tests: the page's own map, and the positions in words.
      await expect(page.getByTestId("tracking-map")).toHaveAttribute("data-tiles", "false");
      await expect(page.getByTestId("van-position")).toHaveText(t("tracking.vanNotYet"));
      await expectNoSeriousA11yViolations(page);

      // The appointment day, 20 minutes before the window opens: the van is on its way.
      const windowStart = Date.parse((await tracking.getAttribute("data-window-start"))!);
      const onTheWay = new Date(windowStart - 20 * 60_000);
      await setEngineClock(page, code, onTheWay);
      await expectEngineClockAt(page, code, order, onTheWay);
      await page.goto(carrierUrl(code, trackingPath(order)));
      await expect(tracking).toHaveAttribute("data-status", "on_the_way");
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.on_the_way"));
      await expect(page.getByTestId("tracking-eta")).toBeVisible();
      await expect(page.getByTestId("tracking-distance")).toBeVisible();
      await expect(page.getByTestId("map-van")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const first = { lat: Number(await tracking.getAttribute("data-van-lat")), lng: Number(await tracking.getAttribute("data-van-lng")) };
      const firstUpdate = await tracking.getAttribute("data-updated-at");

      // Ten minutes later (for the engine): the next poll moves the van closer, on the same page.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await setEngineClock(page, code, new Date(onTheWay.getTime() + 10 * 60_000));
      await expect(tracking).not.toHaveAttribute("data-updated-at", firstUpdate!, { timeout: 20_000 });
      await expect(tracking).toHaveAttribute("data-status", "on_the_way");
      const second = { lat: Number(await tracking.getAttribute("data-van-lat")), lng: Number(await tracking.getAttribute("data-van-lng")) };
      expect(second).not.toEqual(first);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // After the window opens and the van has arrived.
      await setEngineClock(page, code, new Date(windowStart + 30 * 60_000));
      await expect(tracking).toHaveAttribute("data-status", "arrived", { timeout: 20_000 });
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.arrived"));
    });

    test("a cancelled repair's tracking and manage pages say so, and promise no technician, van or updates", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const carrier = pickCarrier(carriers, journey.kind);
      const code = String(carrier.code);
      const order = await bookThroughUi(browser, carrier, { lang, dayIndex: 2 });
      await page.goto(carrierUrl(code, managePath(order, { modal: "cancel", step: "phrase" })));
      await page.getByTestId("cancel-phrase-input").fill(lang === "de" ? "REPARATUR-ABBRECHEN" : "CANCEL-REPAIR");
      await page.getByTestId("cancel-submit").click();
      await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "CANCELLED");
      // Nor does the manage page still name a technician who comes within the window.
      await expect(page.getByTestId("overview-technician")).toHaveCount(0);
      await expect(page.getByTestId("overview-timeslot")).not.toContainText(t("overview.timeslotNote"));

      await page.goto(carrierUrl(code, trackingPath(order)));
      await expect(page.getByTestId("tracking")).toHaveAttribute("data-status", "cancelled");
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.cancelled"));
      for (const gone of ["tracking-promise", "tracking-map", "van-position", "tracking-updated", "tracking-eta"]) await expect(page.getByTestId(gone)).toHaveCount(0);
      await expect(page.getByText(t("tracking.promise15"))).toHaveCount(0);
      await expect(page.getByRole("link", { name: t("tracking.backToManage") })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The e-mail in another case and with spaces around it, as a mail client may pass it on, still finds the order.
      const answer = await page.goto(carrierUrl(code, `/my/technician/${encodeURIComponent(` ${order.email.toUpperCase()} `)}/${order.orderRef}`));
      expect(answer?.status()).toBe(200);
      await expect(page.getByTestId("tracking")).toHaveAttribute("data-status", "cancelled");
    });

    test("a wrong e-mail or reference finds nothing", async ({ page }) => {
      const code = String(pickCarrier(carriers, journey.kind).code);
      const response = await page.goto(carrierUrl(code, "/my/technician/nobody%40example.com/999999"));
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("tracking-not-found")).toHaveText(lookupText("errors.notFound"));
      await expectNoSeriousA11yViolations(page);
    });

    test("a link with a control character or an over-long part says the link is not whole (400), not that nothing was found", async ({ page }) => {
      const code = String(pickCarrier(carriers, journey.kind).code);
      for (const path of [
        "/my/technician/nobody%40example.com/1%0023",
        "/my/technician/nobody%01%40example.com/999999",
        `/my/technician/${"a".repeat(10_000)}%40example.com/999999`,
        `/my/technician/nobody%40example.com/${"9".repeat(300)}`,
      ]) {
        const response = await page.goto(carrierUrl(code, path));
        expect(response?.status(), path.slice(0, 60)).toBe(400);
        await expect(page.getByTestId("tracking-not-found")).toHaveText(t("tracking.linkInvalid"));
        // The page's live updates too (sent by the page: Node does not resolve the carrier's host).
        const updates = await page.evaluate(async (url) => (await fetch(url, { headers: { Accept: "application/json" } })).status, `${path}/location`);
        expect(updates, path.slice(0, 60)).toBe(400);
      }
    });
  });
}
