import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierContext } from "../domain/carrier";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { deviceSteps } from "./technician";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = "ada@example.com";
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const GIF = new TextEncoder().encode("GIF89a....");
const IMEI = "490154203237518";
const DAY = "2025-06-05";
/** Thursday 5 June 2025, 07:00 London: the technician's morning. */
const THURSDAY_MORNING = "2025-06-05T06:00:00Z";

/** A paid order on Thursday 5 June 2025 (clock: Monday 2 June, 09:00 London), with its job and technician. */
async function paidOrder(carrier: CarrierContext) {
  const { ref } = await readyBooking(t, carrier, { date: DAY });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  const lookup = { order_ref: String(done.order_id), email: EMAIL };
  const order = await t.engine.orders.lookupOrder(carrier, lookup);
  return { lookup, order, technician: order.booking.technician_id, jobId: order.job!.id, deviceId: order.devices[0]!.id };
}

/** IRIS codes of a cracked screen replaced (tenants/catalogue.json). */
const IRIS = { condition: "1", symptom: "131", defect: "A", repair: "A" };

const actor = (technician: string, jobId: number) => ({ technician_id: technician, staff_id: "staff-1", job_id: jobId });

describe("the steps of a device (spec §2: makes 1 and 2, phones and tablets)", () => {
  it("asks a phone of make 1 or 2 for its IMEI, symptom and IRIS codes, a tablet for its serial number", () => {
    expect(deviceSteps({ kind: "phone", makeId: IDS.apple, identifier: "imei" })).toEqual([
      "beforePictures",
      "addImei",
      "confirmProblems",
      "symptomCodes",
      "irisCodes",
      "addParts",
      "afterPictures",
    ]);
    expect(deviceSteps({ kind: "tablet", makeId: IDS.apple, identifier: "serial" })).toEqual([
      "beforePictures",
      "addSerialNumber",
      "confirmProblems",
      "symptomCodes",
      "irisCodes",
      "addParts",
      "afterPictures",
    ]);
  });

  it("records only pictures, problems and parts for another make or an appliance", () => {
    expect(deviceSteps({ kind: "phone", makeId: 3, identifier: "imei" })).toEqual(["beforePictures", "confirmProblems", "addParts", "afterPictures"]);
    expect(deviceSteps({ kind: "appliance", makeId: IDS.bosch, identifier: null })).toEqual(["beforePictures", "confirmProblems", "addParts", "afterPictures"]);
  });
});

describe("a technician's day", () => {
  it("lists today's jobs in slot order with the customer's address", async () => {
    const carrier = await newCarrier(t, { technicians: 1 });
    const first = await paidOrder(carrier);
    const second = await paidOrder(carrier);
    t.clock.set(THURSDAY_MORNING);
    try {
      const jobs = await t.engine.staff.technicianJobs(carrier, { technician_id: first.technician });
      expect(jobs.map((j) => j.job_id)).toEqual([first.jobId, second.jobId]);
      expect(jobs[0]!.timeslot.start < jobs[1]!.timeslot.start).toBe(true);
      expect(jobs[0]).toMatchObject({
        date: DAY,
        customer: { address: { line_1: "1 Parliament Street", postcode: "SW1A 2AA" } },
        next: { step: "startChecklist", device_id: null },
      });
      expect(await t.engine.staff.technicianJobs(carrier, { technician_id: first.technician, date: "2025-06-06" })).toEqual([]);
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("refuses another technician's job and another carrier's (403)", async () => {
    const carrier = await newCarrier(t);
    const { jobId } = await paidOrder(carrier);
    await expect(t.engine.staff.technicianJob(carrier, { technician_id: "someone-else", job_id: jobId })).rejects.toMatchObject({ code: "JOB_FORBIDDEN", status: 403 });
    const other = await newCarrier(t);
    const { technician } = await paidOrder(carrier);
    await expect(t.engine.staff.technicianJob(other, { technician_id: technician, job_id: jobId })).rejects.toMatchObject({ code: "JOB_FORBIDDEN" });
  });
});

describe("working a job", () => {
  it("goes through every step in order, each saved at once, and the customer sees the progress", async () => {
    const carrier = await newCarrier(t);
    const { lookup, technician, jobId, deviceId } = await paidOrder(carrier);
    const me = actor(technician, jobId);

    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "Screen", quantity: 1 }] })).rejects.toMatchObject({
      fieldCodes: { step: ["STEP_OUT_OF_ORDER"] },
    });

    // Before "on my way": no van, no estimate, not arrived (ADR 253).
    expect(await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL })).toMatchObject({ status: "scheduled", latitude: null, eta: null, simulated: false });
    const moving = await t.engine.staff.reportOnMyWay(carrier, { ...me, latitude: 51.51, longitude: -0.13 });
    expect(moving.work_status).toBe("ON_THE_WAY");
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).repair_status).toBe("on_the_way");
    expect(await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL })).toMatchObject({ status: "on_the_way", latitude: 51.51, longitude: -0.13 });

    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "startChecklist", checklist: ["customerPresent"] })).rejects.toMatchObject({
      fieldCodes: { checklist: ["CHECKLIST_INCOMPLETE"] },
    });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "startChecklist", checklist: ["customerPresent", "deviceHandedOver", "termsExplained"] });
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).repair_status).toBe("in_progress");
    expect((await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL })).status).toBe("arrived");

    await expect(t.engine.staff.uploadJobPicture(carrier, { ...me, step: "beforePictures", device_id: deviceId, bytes: GIF })).rejects.toMatchObject({
      fieldCodes: { image: ["PROOF_FORMAT"] },
    });
    await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "beforePictures", device_id: deviceId, bytes: PNG });
    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "addImei", device_id: deviceId, value: "123" })).rejects.toMatchObject({ code: "VALIDATION" });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addImei", device_id: deviceId, value: IMEI });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "confirmProblems", device_id: deviceId, problem_ids: [IDS.screen] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "symptomCodes", device_id: deviceId, symptoms: ["screen-replacement.1"] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "irisCodes", device_id: deviceId, ...IRIS });
    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "repairComplete" })).rejects.toMatchObject({ fieldCodes: { step: ["STEP_OUT_OF_ORDER"] } });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "Screen assembly", quantity: 1 }] });
    const before = await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "afterPictures", device_id: deviceId, bytes: PNG });
    expect(before.next).toEqual({ step: "repairComplete", device_id: null });

    const done = await t.engine.staff.recordJobStep(carrier, { ...me, step: "repairComplete" });
    expect(done).toMatchObject({ work_status: "COMPLETED", next: null });
    const order = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(order.repair_status).toBe("completed");
    expect(order.repaired_at).toBe(t.clock.now().toISOString());
    expect(order.devices[0]!.imei).toBe(IMEI);
    expect((await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL })).status).toBe("completed");
    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "More", quantity: 1 }] })).rejects.toMatchObject({
      fieldCodes: { step: ["JOB_CLOSED"] },
    });
  });

  it("records the parts and pictures on the order at completion", async () => {
    const carrier = await newCarrier(t);
    const { technician, jobId, deviceId, order } = await paidOrder(carrier);
    const me = actor(technician, jobId);
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "startChecklist", checklist: ["customerPresent", "deviceHandedOver", "termsExplained"] });
    await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "beforePictures", device_id: deviceId, bytes: PNG });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addImei", device_id: deviceId, value: IMEI });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "confirmProblems", device_id: deviceId, problem_ids: [IDS.screen] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "symptomCodes", device_id: deviceId, symptoms: ["screen-replacement.1", "not-a-code"] });
    // The IRIS codes (spec §2 repair.irisCodes, ADR 273): one per section, from the catalogue's list.
    const job = await t.engine.staff.technicianJob(carrier, me);
    expect(job.iris_options).toEqual(
      expect.arrayContaining([{ section: "symptom", code: "131", title: { en: "Display dead or faulty", de: "Display ohne Funktion oder fehlerhaft" } }]),
    );
    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "Screen", quantity: 1 }] })).rejects.toMatchObject({
      fieldCodes: { step: ["STEP_OUT_OF_ORDER"] },
    });
    await expect(t.engine.staff.recordJobStep(carrier, { ...me, step: "irisCodes", device_id: deviceId, ...IRIS, symptom: "999", repair: "" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldCodes: { symptom: ["IRIS_CODE_MISSING"], repair: ["IRIS_CODE_MISSING"] },
    });
    const coded = await t.engine.staff.recordJobStep(carrier, { ...me, step: "irisCodes", device_id: deviceId, ...IRIS, defect: "a" });
    expect(coded.devices[0]!.steps.find((st) => st.step === "irisCodes")).toMatchObject({ done: true, data: { iris: { defect: { code: "A" } } } });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "Screen assembly", quantity: 1 }] });
    await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "afterPictures", device_id: deviceId, bytes: PNG });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "repairComplete" });
    const [row] = await t.opened.db.query.orders.findMany({ where: (o, { eq }) => eq(o.orderRef, order.order_id) });
    expect(row!.repairRecord!.devices[String(deviceId)]).toMatchObject({
      problemIds: [IDS.screen],
      symptoms: ["screen-replacement.1"],
      iris: {
        condition: { code: "1", title: { en: "Constantly", de: "Ständig" } },
        symptom: { code: "131", title: { en: "Display dead or faulty", de: "Display ohne Funktion oder fehlerhaft" } },
        defect: { code: "A", title: { en: "Mechanical damage (broken, cracked)", de: "Mechanischer Schaden (gebrochen, gerissen)" } },
        repair: { code: "A", title: { en: "Part replaced", de: "Teil ersetzt" } },
      },
      parts: [{ name: "Screen assembly", quantity: 1 }],
      identifier: IMEI,
    });
    expect(row!.repairRecord!.devices[String(deviceId)]!.beforePictures).toHaveLength(1);
    expect(row!.repairRecord!.devices[String(deviceId)]!.afterPictures).toHaveLength(1);
    expect(t.files.files.size).toBeGreaterThanOrEqual(2);
  });
});

describe("the area manager", () => {
  it("sees where each booking came from and the insurance answer; the technician sees the answer, not the attribution (ADR 135)", async () => {
    const carrier = await newCarrier(t, { technicians: 1 });
    const { ref, deviceKey } = await readyBooking(t, carrier, { date: DAY, build: { referrer: "apple-store", lucidRef: "LUC-42", channel: "web" } });
    await t.engine.basket.updateDevice(carrier, ref, deviceKey, { insured: true });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
    const day = await t.engine.staff.areaJobs(carrier, { manager_area: "central", date: DAY });
    expect(day.jobs).toHaveLength(1);
    expect(day.jobs[0]!.attribution).toEqual({ referrer: "apple-store", lucid_ref: "LUC-42", channel: "web" });
    expect(day.jobs[0]!.job.order_ref).toBe(done.order_id);
    expect(day.jobs[0]!.job.devices[0]!.insured).toBe(true);
    const job = await t.engine.staff.technicianJob(carrier, { technician_id: day.jobs[0]!.job.technician_id, job_id: day.jobs[0]!.job.job_id });
    expect(job.devices[0]!.insured).toBe(true);
    expect(JSON.stringify(job)).not.toContain("LUC-42");
  });

  it("sees the area's jobs and capacity, and moves a job to a free technician of the area", async () => {
    const carrier = await newCarrier(t, { technicians: 2, slots: 3 });
    const { jobId, technician, lookup } = await paidOrder(carrier);
    const day = await t.engine.staff.areaJobs(carrier, { manager_area: "central", date: DAY });
    expect(day.jobs.map((j) => j.job.job_id)).toEqual([jobId]);
    expect(day.technicians).toHaveLength(2);
    const capacity = await t.engine.staff.areaCapacity(carrier, { manager_area: "central", from: DAY, days: 2 });
    expect(capacity[0]).toEqual({ date: DAY, working: true, capacity: 6, booked: 1, free: 5 });

    const other = day.technicians.find((tech) => tech.id !== technician)!.id;
    const moved = await t.engine.staff.reassignJob(carrier, { manager_area: "central", job_id: jobId, technician_id: other, staff_id: "manager-1" });
    expect(moved.job.technician_id).toBe(other);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).booking.technician_id).toBe(other);
    expect(await t.engine.orders.dateChangeLog(carrier, jobId)).toEqual([
      expect.objectContaining({ original_technician: technician, new_technician: other, user_id: "manager-1" }),
    ]);
    await expect(t.engine.staff.technicianJob(carrier, { technician_id: technician, job_id: jobId })).rejects.toMatchObject({ code: "JOB_FORBIDDEN" });
  });

  it("refuses a technician of another area, a taken slot, a started job and another area's manager", async () => {
    const carrier = await newCarrier(t, { technicians: 2, slots: 3 });
    const first = await paidOrder(carrier);
    const second = await paidOrder(carrier);
    const reassign = (jobId: number, technicianId: string, area = "central") =>
      t.engine.staff.reassignJob(carrier, { manager_area: area, job_id: jobId, technician_id: technicianId, staff_id: "m" });
    await expect(reassign(first.jobId, `${carrier.code}-east-1`)).rejects.toMatchObject({ fieldCodes: { technician_id: ["TECHNICIAN_NOT_IN_AREA"] } });
    await expect(reassign(first.jobId, second.technician, "east")).rejects.toMatchObject({ code: "JOB_FORBIDDEN" });
    // Both first jobs of the day start at 08:00, one per technician: neither can take the other's.
    await expect(reassign(first.jobId, second.technician)).rejects.toMatchObject({ fieldCodes: { technician_id: ["TECHNICIAN_SLOT_TAKEN"] } });
    await t.engine.staff.reportOnMyWay(carrier, actor(first.technician, first.jobId));
    await expect(reassign(first.jobId, `${carrier.code}-central-2`)).rejects.toMatchObject({ fieldCodes: { technician_id: ["JOB_ALREADY_STARTED"] } });
  });
});

describe("the live tracker (issue 21, ADR 115)", () => {
  const HOME = { latitude: 51.5074, longitude: -0.1278 };
  const at = (iso: string) => t.clock.set(iso);

  it("keeps the positions the technician's page sends, at most one every ten seconds, and the customer's arrival follows them", async () => {
    const carrier = await newCarrier(t);
    const { technician, jobId } = await paidOrder(carrier);
    const me = actor(technician, jobId);
    const van = () => t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL });
    try {
      at("2025-06-05T06:00:00Z");
      // Not on the way yet: nothing is kept.
      expect(await t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 51.53, longitude: -0.16, accuracy: 10 })).toEqual({ result: "not_on_the_way", position_at: null });
      await t.engine.staff.reportOnMyWay(carrier, { ...me, latitude: 51.53, longitude: -0.16, accuracy: 10 });
      const first = await van();
      expect(first).toMatchObject({ status: "on_the_way", latitude: 51.53, longitude: -0.16, position_at: "2025-06-05T06:00:00.000Z", stale: false });
      // From about 3 km away at 20 km/h: some 9 to 10 minutes, not the slot's start + 15 minutes.
      const firstMinutes = (Date.parse(first.eta!) - Date.parse("2025-06-05T06:00:00Z")) / 60_000;
      expect(firstMinutes).toBeGreaterThan(8);
      expect(firstMinutes).toBeLessThan(11);

      at("2025-06-05T06:00:05Z");
      expect(await t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 51.52, longitude: -0.14, accuracy: 10 })).toEqual({
        result: "too_soon",
        position_at: "2025-06-05T06:00:00.000Z",
      });
      expect((await van()).latitude).toBe(51.53);

      at("2025-06-05T06:00:15Z");
      expect(await t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 51.52, longitude: -0.14, accuracy: 10 })).toEqual({
        result: "accepted",
        position_at: "2025-06-05T06:00:15.000Z",
      });
      const second = await van();
      expect(second).toMatchObject({ latitude: 51.52, longitude: -0.14, position_at: "2025-06-05T06:00:15.000Z", checked_at: "2025-06-05T06:00:15.000Z" });
      expect(Date.parse(second.eta!)).toBeLessThan(Date.parse(first.eta!));

      // A position the phone itself calls imprecise does not move the van.
      at("2025-06-05T06:00:30Z");
      expect((await t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 51.4, longitude: 0.1, accuracy: 5_000 })).result).toBe("inaccurate");

      // 'Send my position again' with the phone's current position moves the van there.
      at("2025-06-05T06:00:45Z");
      await t.engine.staff.reportOnMyWay(carrier, { ...me, latitude: 51.51, longitude: -0.13, accuracy: 8 });
      const pressed = await van();
      expect(pressed).toMatchObject({ latitude: 51.51, longitude: -0.13, position_at: "2025-06-05T06:00:45.000Z" });
      expect((await t.engine.staff.technicianJob(carrier, me)).van_position_at).toBe("2025-06-05T06:00:45.000Z");

      // Ten minutes without news is fresh; after that the customer sees "last seen" and no estimate.
      at("2025-06-05T06:10:45Z");
      const tenMinutes = await van();
      expect(tenMinutes.stale).toBe(false);
      expect(Date.parse(tenMinutes.eta!)).toBeGreaterThanOrEqual(Date.parse("2025-06-05T06:10:45Z"));
      at("2025-06-05T06:11:00Z");
      expect(await van()).toMatchObject({ status: "on_the_way", latitude: 51.51, longitude: -0.13, position_at: "2025-06-05T06:00:45.000Z", stale: true, eta: null });
      expect(distanceFromHome(pressed)).toBeLessThan(distanceFromHome(first));
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }

    function distanceFromHome(v: { latitude: number | null; longitude: number | null }) {
      return Math.hypot(v.latitude! - HOME.latitude, v.longitude! - HOME.longitude);
    }
  });

  it("refuses a position that is no position, and another technician's job", async () => {
    const carrier = await newCarrier(t);
    const { technician, jobId } = await paidOrder(carrier);
    const me = actor(technician, jobId);
    await expect(t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 95, longitude: 0, accuracy: 5 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(t.engine.staff.reportVanPosition(carrier, { ...me, latitude: 51.5, longitude: 0, accuracy: -3 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(t.engine.staff.reportVanPosition(carrier, { ...actor("someone-else", jobId), latitude: 51.5, longitude: 0, accuracy: 5 })).rejects.toMatchObject({
      code: "JOB_FORBIDDEN",
    });
  });

  it("shows an on-the-way van without a reported position nowhere and promises no arrival (ADR 253)", async () => {
    const carrier = await newCarrier(t);
    const { technician, jobId } = await paidOrder(carrier);
    try {
      at("2025-06-05T06:00:00Z");
      await t.engine.staff.reportOnMyWay(carrier, { ...actor(technician, jobId), latitude: null, longitude: null });
      at("2025-06-05T06:05:00Z");
      const van = await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL });
      // On the way since the press; no point on the map (not the technician's base) and no estimate from one.
      expect(van).toMatchObject({ status: "on_the_way", latitude: null, longitude: null, eta: null, position_at: null, stale: false, simulated: false });
      expect(van.updated_at).toBe("2025-06-05T06:00:00.000Z");
      // The first position the phone sends places the van, and the arrival follows from it.
      at("2025-06-05T06:06:00Z");
      expect((await t.engine.staff.reportVanPosition(carrier, { ...actor(technician, jobId), latitude: 51.53, longitude: -0.16, accuracy: 10 })).result).toBe("accepted");
      const placed = await t.engine.orders.vanLocation(carrier, { job_id: jobId, email: EMAIL });
      expect(placed).toMatchObject({ status: "on_the_way", latitude: 51.53, longitude: -0.16, position_at: "2025-06-05T06:06:00.000Z" });
      expect(Date.parse(placed.eta!)).toBeGreaterThan(Date.parse("2025-06-05T06:06:00Z"));
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });
});
