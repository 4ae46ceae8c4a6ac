import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { cmsDelete, cmsList, deleteCreated, onboardWestminsterCarrier, uniqueCode, type Created } from "../support/cms";
import { adminLogin, cmsCall, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, pickCarrier, saveDraft } from "../support/cms-admin-ui";

/**
 * Issue 24 item 1, the last fields (ADR 217, 218): a problem's symptoms and a triage question's
 * answers are rows of English and German text (an answer also its code) that a person adds,
 * removes and moves; the save rule's message shows under the row it concerns before the save, and
 * the engine feed serves the same JSON as before. The seed's rows open in the controls and save back
 * unchanged. A staff account's service area is picked from the carrier's areas; an area manager
 * without one is told so before the save and refused by the save.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const CARRIER = "api::carrier.carrier";
const STAFF = "api::ops-staff-member.ops-staff-member";
const PROBLEM = "api::catalogue-problem.catalogue-problem";
const QUESTION = "api::catalogue-triage-question.catalogue-triage-question";

type Localized = { en: string; de: string };
type Answer = { code: string; label: Localized };
const seed = JSON.parse(readFileSync(path.join(process.cwd(), "tenants/catalogue.json"), "utf8")) as {
  problems: { code: string; symptoms: Localized[] }[];
  triage_questions: { code: string; options: Answer[] }[];
};
const seedQuestion = (code: string) => seed.triage_questions.find((q) => q.code === code)!;
const seedProblem = (code: string) => seed.problems.find((p) => p.code === code)!;

test.use({ actionTimeout: 15_000 });

/** The catalogue as the engine reads it. */
const catalogueFeed = async () => (await cmsCall("GET", "/api/engine-feed/catalogue", READ_TOKEN)).body?.catalogue;

/** The texts in a list of rows' boxes, in order. */
const boxValues = async (cms: Page, names: string[]) => Promise.all(names.map((name) => cms.getByRole("textbox", { name, exact: true }).inputValue()));

test("a catalogue manager edits a question's answers and a problem's symptoms as rows; the engine feed serves the same JSON", async ({ browser }) => {
  test.setTimeout(240_000);
  const suffix = uniqueCode("rows").split("-").pop();
  const email = `rows-${suffix}@repair.localhost`;
  const password = `Rows-${suffix}-Pass1`;
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  const entry = async (uid: string, code: string) => {
    const reply = await cmsCall("GET", `/content-manager/collection-types/${uid}?filters[code][$eq]=${code}`, adminToken);
    return reply.body.results[0] as Record<string, unknown> & { documentId: string };
  };
  const question = await entry(QUESTION, "switches-on");
  const other = await entry(QUESTION, "error-code-shown");
  const problem = await entry(PROBLEM, "screen-replacement");
  // The seed as the CMS loaded it: what the controls must open and save back unchanged.
  expect(question.options).toEqual(seedQuestion("switches-on").options);
  expect(other.options).toEqual(seedQuestion("error-code-shown").options);
  expect(problem.symptoms).toEqual(seedProblem("screen-replacement").symptoms);
  const restore: [string, string, Record<string, unknown>][] = [
    [QUESTION, question.documentId, { options: question.options }],
    [QUESTION, other.documentId, { questionEn: other.questionEn }],
    [PROBLEM, problem.documentId, { symptoms: problem.symptoms }],
  ];
  let userId: number | undefined;
  try {
    userId = await inviteAdminUser(adminToken, "Catalogue manager", email, password);
    const cms = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
    await logIntoAdmin(cms, email, password);

    // A seed question opens as rows of its answers; saving another field leaves them exactly as they were.
    await cms.goto(editView(QUESTION, other.documentId));
    await expect(cms.getByTestId("ops-options-row")).toHaveCount(3, { timeout: 30_000 });
    await dismissAnnouncements(cms);
    expect(await boxValues(cms, ["Answer 1 code", "Answer 2 code", "Answer 3 code"])).toEqual(["yes", "no", "no-display"]);
    expect(await boxValues(cms, ["Answer 3 in English", "Answer 3 in German"])).toEqual(["There is no display", "Das Gerät hat kein Display"]);
    await expect(cms.getByTestId("ops-options-problem")).toHaveCount(0);
    await cms.getByRole("textbox", { name: "Question (English)", exact: true }).fill("Is an error code showing on the display now?");
    await saveDraft(cms);
    expect((await entry(QUESTION, "error-code-shown")).options).toEqual(seedQuestion("error-code-shown").options);

    // The question: an answer added, the save's words under it while it is wrong, one removed, the new one moved up.
    await cms.goto(editView(QUESTION, question.documentId));
    await expect(cms.getByTestId("ops-options-row")).toHaveCount(3, { timeout: 30_000 });
    await cms.getByRole("button", { name: "Add an answer", exact: true }).click();
    await expect(cms.getByTestId("ops-options-row")).toHaveCount(4);
    const fourth = cms.locator('[data-testid="ops-options-row"][data-row="4"]');
    await fourth.getByRole("textbox", { name: "Answer 4 code", exact: true }).fill("Not-sure");
    await expect(fourth.getByTestId("ops-options-problem")).toHaveText(
      'Options: answer 4 needs a code of lower-case words joined by hyphens, e.g. yes or no-display (got "Not-sure").',
    );
    await fourth.getByRole("textbox", { name: "Answer 4 code", exact: true }).fill("no");
    await expect(fourth.getByTestId("ops-options-problem")).toHaveText("Options: answer 4 has the code no of an earlier answer; give each answer its own code.");
    await fourth.getByRole("textbox", { name: "Answer 4 code", exact: true }).fill("not-sure");
    await expect(fourth.getByTestId("ops-options-problem")).toHaveText("Options: answer 4 needs English and German text.");
    await fourth.getByRole("textbox", { name: "Answer 4 in English", exact: true }).fill("Not sure");
    await expect(fourth.getByTestId("ops-options-problem")).toHaveText("Options: answer 4 needs German text.");
    await fourth.getByRole("textbox", { name: "Answer 4 in German", exact: true }).fill("Weiß nicht");
    await expect(cms.getByTestId("ops-options-problem")).toHaveCount(0);
    await cms.getByRole("button", { name: "Remove Answer 3", exact: true }).click();
    await expect(cms.getByTestId("ops-options-row")).toHaveCount(3);
    await cms.getByRole("button", { name: "Move Answer 3 up", exact: true }).click();
    expect(await boxValues(cms, ["Answer 1 code", "Answer 2 code", "Answer 3 code"])).toEqual(["yes", "not-sure", "no"]);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-triage-answers-rows.png"), fullPage: true });
    await saveDraft(cms);
    const answers = [
      { code: "yes", label: { en: "Yes", de: "Ja" } },
      { code: "not-sure", label: { en: "Not sure", de: "Weiß nicht" } },
      { code: "no", label: { en: "No", de: "Nein" } },
    ];
    await expect
      .poll(async () => (await catalogueFeed())?.triage_questions?.find((q: { code: string }) => q.code === "switches-on")?.options, { timeout: 15_000 })
      .toEqual(answers);
    expect((await entry(QUESTION, "switches-on")).options).toEqual(answers);
    await cms.reload();
    await expect(cms.getByTestId("ops-options-row")).toHaveCount(3, { timeout: 30_000 });
    expect(await boxValues(cms, ["Answer 2 code", "Answer 2 in English", "Answer 2 in German"])).toEqual(["not-sure", "Not sure", "Weiß nicht"]);

    // Fewer than two answers is refused in the save's words before the save.
    await cms.getByRole("button", { name: "Remove Answer 3", exact: true }).click();
    await cms.getByRole("button", { name: "Remove Answer 2", exact: true }).click();
    await expect(cms.getByText("Options: give at least two answers for the customer to choose from.").first()).toBeVisible();

    // The problem: a symptom removed, one added (told what it lacks until both texts are typed) and moved up.
    await cms.goto(editView(PROBLEM, problem.documentId));
    await expect(cms.getByTestId("ops-symptoms-row")).toHaveCount(3, { timeout: 30_000 });
    expect(await boxValues(cms, ["Symptom 1 in English", "Symptom 1 in German"])).toEqual(["Cracked or shattered glass", "Gesprungenes oder zersplittertes Glas"]);
    await cms.getByRole("button", { name: "Remove Symptom 2", exact: true }).click();
    await cms.getByRole("button", { name: "Add a symptom", exact: true }).click();
    const third = cms.locator('[data-testid="ops-symptoms-row"][data-row="3"]');
    await expect(third.getByTestId("ops-symptoms-problem")).toHaveText("Symptoms: symptom 3 needs English and German text.");
    await third.getByRole("textbox", { name: "Symptom 3 in English", exact: true }).fill("Lines across the screen");
    await expect(third.getByTestId("ops-symptoms-problem")).toHaveText("Symptoms: symptom 3 needs German text.");
    await third.getByRole("textbox", { name: "Symptom 3 in German", exact: true }).fill("Streifen auf dem Bildschirm");
    await expect(cms.getByTestId("ops-symptoms-problem")).toHaveCount(0);
    await cms.getByRole("button", { name: "Move Symptom 3 up", exact: true }).click();
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-problem-symptoms-rows.png"), fullPage: true });
    await saveDraft(cms);
    const [cracked, , touch] = seedProblem("screen-replacement").symptoms;
    const symptoms = [cracked, { en: "Lines across the screen", de: "Streifen auf dem Bildschirm" }, touch];
    await expect
      .poll(async () => (await catalogueFeed())?.problems?.find((p: { code: string }) => p.code === "screen-replacement")?.symptoms, { timeout: 15_000 })
      .toEqual(symptoms);
    expect((await entry(PROBLEM, "screen-replacement")).symptoms).toEqual(symptoms);
    await cms.reload();
    await expect(cms.getByTestId("ops-symptoms-row")).toHaveCount(3, { timeout: 30_000 });
    expect(await boxValues(cms, ["Symptom 2 in English", "Symptom 2 in German"])).toEqual(["Lines across the screen", "Streifen auf dem Bildschirm"]);
    await cms.close();
  } finally {
    for (const [uid, documentId, data] of restore) await cmsCall("PUT", `/content-manager/collection-types/${uid}/${documentId}`, adminToken, data);
    if (userId !== undefined) await cmsCall("DELETE", `/admin/users/${userId}`, adminToken);
  }
});

test("an operator picks an area manager's service area from the carrier's areas; without one the form and the save say it is needed", async ({ browser }) => {
  test.setTimeout(240_000);
  const code = uniqueCode("area");
  const suffix = code.split("-").pop();
  const email = `area-${suffix}@repair.localhost`;
  const password = `Area-${suffix}-Pass1`;
  const created: Created[] = [];
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let operatorId: number | undefined;
  const needed = `Service area: an area manager belongs to one of carrier ${code}'s service areas, e.g. westminster.`;
  try {
    const { carrier } = await onboardWestminsterCarrier(code, created, { heroTitle: "Areas, picked", roster: { slotsPerTechnicianPerDay: 6 } });
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const cms = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
    await logIntoAdmin(cms, email, password);
    await cms.goto(editView(STAFF, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await dismissAnnouncements(cms);
    await expect(cms.getByTestId("ops-area-code-note")).toHaveText("Choose the carrier first: its service areas are listed here.");
    await pickCarrier(cms, code);
    await expect(cms.getByTestId("ops-area-code-note")).toHaveCount(0);
    await cms.getByRole("textbox", { name: "Username", exact: true }).fill("mary");
    await cms.getByRole("textbox", { name: "Name", exact: true }).fill("Mary Jackson");
    await cms.getByLabel("New password", { exact: true }).fill(`Staff-${suffix}-Password1`);
    await cms.getByRole("combobox", { name: "Role", exact: true }).click();
    await cms.getByRole("option", { name: "areaManager", exact: true }).click();
    // An area manager with no area: the staff save rule's words, before the save.
    await expect(cms.getByText(needed).first()).toBeVisible();
    await cms.getByRole("combobox", { name: "Service area", exact: true }).click();
    await expect(cms.getByRole("option")).toHaveText(["Westminster (westminster)"]);
    await cms.getByRole("option", { name: "Westminster (westminster)" }).click();
    await expect(cms.getByText(needed)).toHaveCount(0);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-staff-service-area-picker.png"), fullPage: true });
    await saveDraft(cms);
    const stored = async () => (await cmsList("ops-staff-members", { "filters[carrierCode][$eq]": code }))[0]?.serviceArea;
    await expect.poll(stored, { timeout: 15_000 }).toBe("westminster");

    // Reopened: the area is shown picked; cleared, the form and then the save refuse it with the same words.
    await cms.reload();
    await expect(cms.getByRole("combobox", { name: "Service area", exact: true })).toHaveText(/Westminster \(westminster\)/, { timeout: 30_000 });
    await cms.getByRole("button", { name: "No service area", exact: true }).click();
    await expect(cms.getByText(needed).first()).toBeVisible();
    await cms.getByRole("button", { name: "Save", exact: true }).click();
    await expect(cms.getByText(needed).first()).toBeVisible();
    await expect.poll(stored, { timeout: 5_000 }).toBe("westminster");
    await cms.close();
  } finally {
    for (const member of await cmsList("ops-staff-members", { "filters[carrierCode][$eq]": code }).catch(() => []))
      await cmsDelete("ops-staff-members", member.documentId).catch(() => undefined);
    await deleteCreated(created);
    if (operatorId !== undefined) await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
  }
});
