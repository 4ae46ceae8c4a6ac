/**
 * Technician tracking (spec §2 /my/technician/{email}/{orderRef}, §1 and §9 the 60-minute window and
 * the 15-minute wait) says only what the technician reported (ADR 253): before they press "on my
 * way" the page shows the appointment window and that the live map starts then, with no van, no
 * estimate and no "arrived", whatever the time; once they are on the way the map shows the van where
 * their phone reported it, with the arrival, and follows it without a reload; "arrived" only after
 * their start checklist. The technician works the job on their own pages (an account for the job's
 * technician, made in the CMS as Operations would). The engine's clock is moved per browser context (ADR 034).
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsDelete, seededCarriers, type CmsEntry } from "../support/cms";
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
import { onMyWayFromHomeBase, technicianNamed } from "../support/technician";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

/** Staff accounts this spec made in the CMS, deleted at the end. */
const madeAccounts: string[] = [];
test.afterAll(async () => {
  for (const id of madeAccounts.splice(0)) await cmsDelete("ops-staff-members", id).catch(() => undefined);
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

    test("before 'on my way' the window and no van; on the way the van where the phone is, with the arrival; 'arrived' only after the technician's step", async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      const carrier = pickCarrier(carriers, journey.kind);
      const code = String(carrier.code);
      const order = await bookThroughUi(browser, carrier, { lang, dayIndex: 1 });

      await page.goto(carrierUrl(code, trackingPath(order)));
      const tracking = page.getByTestId("tracking");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("tracking.title"));
      const windowStart = Date.parse((await tracking.getAttribute("data-window-start"))!);
      const technicianLine = (await tracking.textContent())!;
      const { technician, area } = technicianNamed(code, technicianLine);

      // The day before, twenty minutes before the window, and half an hour into it with nobody on the
      // way: the window and "the live map starts when…", never a van, an estimate or "arrived".
      for (const at of [null, new Date(windowStart - 20 * 60_000), new Date(windowStart + 30 * 60_000)]) {
        if (at) {
          await setEngineClock(page, code, at);
          await expectEngineClockAt(page, code, order, at);
          await page.goto(carrierUrl(code, trackingPath(order)));
        }
        await expect(tracking).toHaveAttribute("data-status", "scheduled");
        await expect(tracking).toHaveAttribute("data-simulated", "false");
        await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.scheduled"));
        // The window as the booking's confirmation gave it (its first time of day).
        await expect(page.getByTestId("tracking-window")).toContainText(/\d/.test(order.timeslot) ? order.timeslot.match(/\d{1,2}[:.]\d{2}/)![0] : order.timeslot);
        await expect(page.getByTestId("tracking-live-map-note")).toHaveText(t("tracking.liveMapStarts"));
        await expect(page.getByTestId("van-position")).toHaveText(t("tracking.vanNotYet"));
        for (const absent of ["tracking-map", "map-van", "tracking-eta", "tracking-distance", "tracking-simulated", "tracking-last-seen"])
          await expect(page.getByTestId(absent)).toHaveCount(0);
        await expect(page.getByText(t("tracking.status.arrived"))).toHaveCount(0);
        await expect(tracking).toHaveAttribute("data-van-lat", "");
        await expect(tracking).toHaveAttribute("data-eta", "");
      }
      await expect(page.getByTestId("tracking-promise")).toHaveText(t("tracking.promise60"));
      await expect(page.getByText(t("tracking.promise15"))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Nor does the manage page say anyone is on the way.
      await page.goto(carrierUrl(code, managePath(order)));
      await expect(page.getByTestId("manage-booking")).toBeVisible();
      await expect(page.getByTestId("repair-status")).toHaveCount(0);

      // Twenty minutes before the window the technician, a few kilometres off, presses "on my way".
      const { tech, departure, start } = await onMyWayFromHomeBase(browser, code, order, { technician, area, windowStart, made: madeAccounts });

      await setEngineClock(page, code, new Date(departure.getTime() + 5_000));
      await page.goto(carrierUrl(code, trackingPath(order)));
      await expect(tracking).toHaveAttribute("data-status", "on_the_way");
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.on_the_way"));
      await expect(tracking).toHaveAttribute("data-van-lat", String(start.latitude));
      await expect(tracking).toHaveAttribute("data-van-lng", String(start.longitude));
      await expect(page.getByTestId("map-van")).toBeVisible();
      await expect(page.getByTestId("van-position")).toHaveText(`${start.latitude.toFixed(4)}, ${start.longitude.toFixed(4)}`);
      await expect(page.getByTestId("tracking-eta")).toBeVisible();
      expect(Date.parse((await tracking.getAttribute("data-eta"))!)).toBeGreaterThanOrEqual(departure.getTime());
      await expect(page.getByTestId("tracking-distance")).toBeVisible();
      for (const absent of ["tracking-live-map-note", "tracking-window", "tracking-simulated"]) await expect(page.getByTestId(absent)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      const first = { marker: await page.getByTestId("map-van").getAttribute("transform"), updated: await tracking.getAttribute("data-updated-at") };

      // The phone moves on and sends again: the open page follows it without a reload.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      const home = { latitude: Number(await tracking.getAttribute("data-home-lat")), longitude: Number(await tracking.getAttribute("data-home-lng")) };
      const closer = { latitude: Math.round(((start.latitude + home.latitude) / 2) * 1e4) / 1e4, longitude: Math.round(((start.longitude + home.longitude) / 2) * 1e4) / 1e4 };
      await setEngineClock(tech.page, code, new Date(departure.getTime() + 60_000));
      await tech.context.setGeolocation(closer);
      await setEngineClock(page, code, new Date(departure.getTime() + 65_000));
      await tech.page.getByTestId("on-my-way").click();
      await expect(tracking).toHaveAttribute("data-van-lat", String(closer.latitude), { timeout: 30_000 });
      await expect(tracking).not.toHaveAttribute("data-updated-at", first.updated!);
      expect(await page.getByTestId("map-van").getAttribute("transform")).not.toBe(first.marker);
      await expect(tracking).toHaveAttribute("data-status", "on_the_way");
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // Still on the way, not "arrived", until the technician's own step says the customer is present.
      await page.goto(carrierUrl(code, managePath(order)));
      await expect(page.getByTestId("repair-status")).toHaveText(t("status.repair.on_the_way"));
      await page.goto(carrierUrl(code, trackingPath(order)));
      await expect(tracking).toHaveAttribute("data-status", "on_the_way");
      const checklist = tech.page.getByTestId("step-startChecklist");
      for (const box of await checklist.getByRole("checkbox").all()) await box.check();
      await checklist.getByTestId("save-step").click();
      await expect(checklist).toHaveAttribute("data-state", "done");
      await page.reload();
      await expect(tracking).toHaveAttribute("data-status", "arrived");
      await expect(page.getByTestId("tracking-status")).toHaveText(t("tracking.status.arrived"));
      for (const absent of ["tracking-eta", "map-van", "tracking-live-map-note"]) await expect(page.getByTestId(absent)).toHaveCount(0);
      await tech.context.close();
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
