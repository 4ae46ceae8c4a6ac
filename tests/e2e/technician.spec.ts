/**
 * Technicians and area managers (issue 11 items 7–9, ADR 099) in Chromium on a 390-pixel phone, on
 * PatchPoint (no in-store bookings; technicians work everywhere): a customer books through the UI,
 * the area manager sees the job on its day and gives it to the demo technician, who works it
 * through every repair step, and the customer's tracking and manage pages follow. A technician is
 * refused at the area manager's page (403). axe on every staff page.
 *
 * The order is booked on the sixth day offered (ten days always hold six working days), a day the
 * other specs' bookings leave alone, so the demo technician is free at the job's time.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, expectNoSeriousA11yViolations, managePath, setEngineClock, trackingPath, type BookedOrder } from "../support/book-through-ui";

const CARRIER = "patchpoint";
const PASSWORD = "DemoStaff-2026!";
const TECHNICIAN = { username: "tech.central", id: "pp-london-central-01" };
const MANAGER = "manager.central";
const PHONE = { width: 390, height: 844 };
const VAN = { latitude: 51.5101, longitude: -0.1342 };
// A whole 1×1 PNG: pictures are decoded like a proof of purchase.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMEI = "490154203237518";
/** IRIS codes of tenants/catalogue.json, by their labels on the step. */
const IRIS = { Condition: "1", Symptom: "131", Defect: "A", Repair: "A" };
const IRIS_SUMMARY = "Condition 1 Constantly · Symptom 131 Display dead or faulty · Defect A Mechanical damage (broken, cracked) · Repair A Part replaced";

let carrier: CmsEntry;
test.beforeAll(async () => {
  carrier = (await seededCarriers({ sort: "code:asc" })).find((c) => c.code === CARRIER)!;
});

async function staffPage(
  browser: Browser,
  username: string,
  order: BookedOrder | null,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale: "en-GB", ...options });
  const page = await context.newPage();
  // The appointment day's morning, 07:00 UTC, for every request of this phone.
  if (order) await setEngineClock(page, CARRIER, new Date(`${order.date}T07:00:00Z`));
  await page.goto(carrierUrl(CARRIER, "/store/login"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(CARRIER, "/store"));
  return { context, page };
}

test.describe("technicians and area managers on a phone", () => {
  test("a booked job is given to the technician, worked through every step, and the customer follows it", async ({ browser }) => {
    test.setTimeout(300_000);
    const order = await bookThroughUi(browser, carrier, { dayIndex: 5, pages: 2 });

    // The area manager sees the day's job and the capacity, and gives the job to the demo technician.
    const manager = await staffPage(browser, MANAGER, order);
    await expect(manager.page.getByTestId("staff-pages").getByRole("link", { name: "Jobs of the area" })).toBeVisible();
    await manager.page.goto(carrierUrl(CARRIER, `/store/area/jobs?date=${order.date}`));
    const job = manager.page.locator(`[data-testid="area-job"][data-order-ref="${order.orderRef}"]`);
    await expect(job).toBeVisible();
    await expect(manager.page.getByTestId("area-capacity")).toContainText(order.date);
    await expectNoSeriousA11yViolations(manager.page);
    if ((await job.getAttribute("data-technician-id")) === TECHNICIAN.id) {
      // Already the demo technician's: the manager moves it away first, so both moves are shown.
      await job.getByLabel("Move to technician").selectOption({ index: 0 });
      await job.getByTestId("reassign").click();
      await expect(job).not.toHaveAttribute("data-technician-id", TECHNICIAN.id);
    }
    await job.getByLabel("Move to technician").selectOption(TECHNICIAN.id);
    await job.getByTestId("reassign").click();
    await expect(job).toHaveAttribute("data-technician-id", TECHNICIAN.id);
    await manager.context.close();

    // The technician's phone, with its position shared.
    const tech = await staffPage(browser, TECHNICIAN.username, order, { geolocation: VAN, permissions: ["geolocation"] });
    const page = tech.page;
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("staff-pages").getByRole("link", { name: "My jobs today" }).click();
    await expect(page).toHaveURL(carrierUrl(CARRIER, "/store/jobs"));
    const listed = page.locator(`[data-testid="technician-job"][data-order-ref="${order.orderRef}"]`);
    await expect(listed).toContainText("10 Example Street");
    await expectNoSeriousA11yViolations(page);
    await listed.getByTestId("open-job").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Job for order ${order.orderRef}`);
    await expectNoSeriousA11yViolations(page);

    // Before "on my way" the customer's tracking page shows no van (ADR 253).
    const early = await browser.newContext({ viewport: PHONE, locale: "en-GB" });
    const earlyPage = await early.newPage();
    await setEngineClock(earlyPage, CARRIER, new Date(`${order.date}T07:00:00Z`));
    await earlyPage.goto(carrierUrl(CARRIER, trackingPath(order)));
    await expect(earlyPage.getByTestId("tracking")).toHaveAttribute("data-status", "scheduled");
    await expect(earlyPage.getByTestId("map-van")).toHaveCount(0);
    await early.close();

    // On my way: the customer's tracking page shows the van where the phone is.
    await page.getByTestId("on-my-way").click();
    await expect(page.getByTestId("on-my-way-done")).toBeVisible();
    const customer = await browser.newContext({ viewport: PHONE, locale: "en-GB" });
    const customerPage = await customer.newPage();
    await setEngineClock(customerPage, CARRIER, new Date(`${order.date}T07:00:00Z`));
    await customerPage.goto(carrierUrl(CARRIER, trackingPath(order)));
    const tracking = customerPage.getByTestId("tracking");
    await expect(tracking).toHaveAttribute("data-status", "on_the_way");
    await expect(tracking).toHaveAttribute("data-van-lat", String(VAN.latitude));
    await expect(tracking).toHaveAttribute("data-van-lng", String(VAN.longitude));
    await customerPage.goto(carrierUrl(CARRIER, managePath(order)));
    await expect(customerPage.getByTestId("repair-status")).toHaveText("Your technician is on the way.");

    const step = (name: string) => page.getByTestId(`step-${name}`);
    const save = async (name: string) => {
      await step(name).getByTestId("save-step").click();
      await expect(step(name)).toHaveAttribute("data-state", "done");
    };

    // The start checklist: every item must be ticked.
    await step("startChecklist").getByTestId("save-step").click();
    await expect(step("startChecklist").getByTestId("step-error")).toHaveText("Please confirm every item of the checklist.");
    for (const item of ["The customer is present", "The customer handed over the device", "I explained the repair and its terms"]) await page.getByLabel(item).check();
    await save("startChecklist");
    await expect(page.getByTestId("job-status")).toHaveText("Repair in progress");
    await customerPage.reload();
    await expect(customerPage.getByTestId("repair-status")).toHaveText("Your repair is in progress.");
    // The start checklist ("The customer is present") is what tells the tracker the technician arrived (ADR 253).
    await customerPage.goto(carrierUrl(CARRIER, trackingPath(order)));
    await expect(customerPage.getByTestId("tracking")).toHaveAttribute("data-status", "arrived");
    await expect(customerPage.getByTestId("tracking-status")).toHaveText("Your technician has arrived.");
    await customerPage.goto(carrierUrl(CARRIER, managePath(order)));

    // Pictures are checked on their content, like a proof of purchase.
    await step("beforePictures")
      .getByTestId("picture-input")
      .setInputFiles({ name: "before.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await step("beforePictures").getByTestId("save-step").click();
    await expect(step("beforePictures").getByTestId("step-error")).toHaveText("Image must be .jpg or .png format");
    await step("beforePictures").getByTestId("picture-input").setInputFiles({ name: "before.png", mimeType: "image/png", buffer: PNG });
    await save("beforePictures");
    await expect(step("beforePictures")).toContainText("1 picture");

    await step("addImei").getByLabel("IMEI of the device").fill("12345");
    await step("addImei").getByTestId("save-step").click();
    await expect(step("addImei").getByTestId("step-error")).toBeVisible();
    await step("addImei").getByLabel("IMEI of the device").fill(IMEI);
    await save("addImei");

    await save("confirmProblems");
    await step("symptomCodes").getByRole("checkbox").first().check();
    await save("symptomCodes");
    // The IRIS codes (spec §2 repair.irisCodes, ADR 273): one per section, from the list operations keep in the CMS.
    const iris = step("irisCodes");
    for (const [section, code] of Object.entries(IRIS)) await iris.getByLabel(section, { exact: true }).selectOption(code);
    await save("irisCodes");
    await expect(iris.getByTestId("iris-summary")).toHaveText(IRIS_SUMMARY);
    await step("addParts").getByLabel("Part 1").fill("Screen assembly");
    await save("addParts");
    await step("afterPictures").getByTestId("picture-input").setInputFiles({ name: "after.png", mimeType: "image/png", buffer: PNG });
    await save("afterPictures");
    await expectNoSeriousA11yViolations(page);
    await save("repairComplete");
    await expect(page.getByTestId("job-status")).toHaveText("Repair complete");

    // The customer sees the repair complete, and the IMEI the technician read off the device.
    await customerPage.reload();
    await expect(customerPage.getByTestId("repair-status")).toHaveText("Your repair is complete.");
    await customerPage.goto(carrierUrl(CARRIER, trackingPath(order)));
    await expect(customerPage.getByTestId("tracking")).toHaveAttribute("data-status", "completed");
    await customer.close();
    await tech.context.close();

    // The area manager sees the codes the technician chose.
    const after = await staffPage(browser, MANAGER, order);
    await after.page.goto(carrierUrl(CARRIER, `/store/area/jobs?date=${order.date}`));
    await expect(after.page.locator(`[data-testid="area-job"][data-order-ref="${order.orderRef}"]`).getByTestId("area-job-iris-codes")).toHaveText(IRIS_SUMMARY);
    await after.context.close();
  });

  test("a technician is refused at the area manager's page (403)", async ({ browser }) => {
    const { context, page } = await staffPage(browser, TECHNICIAN.username, null);
    await expect(page.getByRole("link", { name: "Jobs of the area" })).toHaveCount(0);
    const response = await page.goto(carrierUrl(CARRIER, "/store/area/jobs"));
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You cannot use this page" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test("a technician cannot open another technician's job (403)", async ({ browser }) => {
    const { context, page } = await staffPage(browser, TECHNICIAN.username, null);
    const response = await page.goto(carrierUrl(CARRIER, "/store/jobs/999999999"));
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You cannot use this page" })).toBeVisible();
    await context.close();
  });
});
