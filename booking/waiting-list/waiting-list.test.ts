import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";
import { OFFER_PATH } from "./waiting-list";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

const SITE = "https://repairs.example";
const THURSDAY = "2025-06-05";
const MINUTE = 60_000;

/** One technician with one appointment a day in each area: every order fills its day. */
const smallCarrier = () => newCarrier(t, { slots: 1, technicians: 1 });

async function paidOrder(carrier: CarrierContext, date = THURSDAY) {
  const { ref } = await readyBooking(t, carrier, { date });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  return { ref, lookup: { order_ref: String(done.order_id), email: "ada@example.com" } };
}

/** A customer who found no date: a booking with a device in London Central, on the waiting list. */
async function waitingCustomer(carrier: CarrierContext, name: string, locale: "en" | "de" = "en") {
  const { reference } = await t.engine.basket.buildBooking(carrier);
  await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
  await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
  const entry = await t.engine.waitingList.joinWaitingList(carrier, reference, {
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: "07700 900123",
    locale,
    site_url: `${SITE}/booking/repair-date`,
  });
  t.clock.advance(MINUTE);
  return { reference, entry };
}

async function offerJobs(carrier: CarrierContext) {
  return t.opened.db
    .select()
    .from(s.scheduledJobs)
    .where(and(eq(s.scheduledJobs.carrierCode, carrier.code), eq(s.scheduledJobs.kind, "waiting-list-offer")))
    .orderBy(s.scheduledJobs.id);
}

async function holdOf(reference: string) {
  const [row] = await t.opened.db
    .select({ day: s.capacityHolds.day, expiresAt: s.capacityHolds.expiresAt })
    .from(s.capacityHolds)
    .innerJoin(s.bookings, eq(s.bookings.id, s.capacityHolds.bookingId))
    .where(eq(s.bookings.reference, reference));
  return row ?? null;
}

const tokenOf = (job: { payload: s.MessageJobPayload | null }) => new URL(job.payload!.values!.offerUrl!).searchParams.get("token")!;

describe("joining the waiting list", () => {
  it("records the booking's area and postcode, the phone in E.164 and the site, first come first served", async () => {
    const carrier = await smallCarrier();
    const first = await waitingCustomer(carrier, "Ada");
    const second = await waitingCustomer(carrier, "Bob", "de");
    expect(first.entry).toMatchObject({ booking_reference: first.reference, area_code: "central", postcode: "SW1A 2AA", phone: "+447700900123", state: "waiting" });
    const list = await t.engine.waitingList.listWaitingList(carrier);
    expect(list.map((e) => [e.name, e.locale])).toEqual([
      ["Ada", "en"],
      ["Bob", "de"],
    ]);
    expect(second.entry.joined_at > first.entry.joined_at).toBe(true);
  });

  it("is idempotent per booking and e-mail: joining again keeps the place", async () => {
    const carrier = await smallCarrier();
    const { reference, entry } = await waitingCustomer(carrier, "Ada");
    const again = await t.engine.waitingList.joinWaitingList(carrier, reference, { name: "Ada Lovelace", email: " ADA@example.com ", phone: "+44 7700 900123", site_url: SITE });
    expect(again).toMatchObject({ id: entry.id, name: "Ada Lovelace", joined_at: entry.joined_at, state: "waiting" });
    expect(await t.engine.waitingList.listWaitingList(carrier)).toHaveLength(1);
  });

  it("refuses missing or malformed details with the form's messages", async () => {
    const carrier = await smallCarrier();
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    const error = await t.engine.waitingList
      .joinWaitingList(carrier, reference, { name: " ", email: "not-an-email", phone: "12", site_url: "javascript:alert(1)" })
      .catch((e) => e);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields).sort()).toEqual(["email", "name", "phone", "site_url"]);
    expect(error.fields.name).toEqual(["Please enter your name."]);
  });

  it("needs a postcode first and refuses a booking that is already an order", async () => {
    const carrier = await smallCarrier();
    const { reference } = await t.engine.basket.buildBooking(carrier);
    const input = { name: "Ada", email: "ada@example.com", phone: "07700 900123", site_url: SITE };
    await expect(t.engine.waitingList.joinWaitingList(carrier, reference, input)).rejects.toMatchObject({
      code: "BK09",
      messages: expect.arrayContaining(["Please enter your postcode first."]),
    });
    const { ref } = await paidOrder(carrier);
    await expect(t.engine.waitingList.joinWaitingList(carrier, ref, input)).rejects.toMatchObject({ code: "BK07" });
  });
});

describe("a day frees in the area", () => {
  it("offers it to the first customer, then the next when the hold runs out, who books through the link", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    const ada = await waitingCustomer(carrier, "Ada");
    const bob = await waitingCustomer(carrier, "Bob", "de");

    const cancelledAt = t.clock.now();
    await t.engine.orders.cancelOrder(carrier, order.lookup);

    // Ada is offered Thursday: her booking holds it for the offer time, the message is enqueued.
    const holdUntil = new Date(cancelledAt.getTime() + 120 * MINUTE);
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => [e.name, e.state, e.offered_day])).toEqual([
      ["Ada", "offered", THURSDAY],
      ["Bob", "waiting", null],
    ]);
    expect(await holdOf(ada.reference)).toEqual({ day: THURSDAY, expiresAt: holdUntil });
    const [email, sms] = await offerJobs(carrier);
    expect([email!.channel, sms!.channel]).toEqual(["email", "sms"]);
    expect(email).toMatchObject({
      type: "message",
      orderRef: null,
      locale: "en",
      state: "pending",
      dedupeKey: `waiting-list-offer:offer:${ada.entry.id}:email`,
      runAt: cancelledAt,
      expiresAt: holdUntil,
      payload: {
        to: { name: "Ada", email: "ada@example.com", phone: "+447700900123" },
        values: { date: THURSDAY, window: { start: "08:00", end: "09:00" }, address: ["SW1A 2AA"], holdUntil: holdUntil.toISOString() },
      },
    });
    expect(email!.payload!.values!.offerUrl).toMatch(new RegExp(`^${SITE}${OFFER_PATH}\\?token=[A-Za-z0-9_-]{32}$`));
    // Nobody else can take the held day meanwhile.
    const other = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, other.reference, { postcode: "SW1A 2AA" });
    await expect(t.engine.basket.setDate(carrier, other.reference, { date: THURSDAY })).rejects.toMatchObject({ code: "BK13" });

    // Ada lets the hold run out: on the scheduler's pass the entry expires and Bob is offered the day.
    const adaToken = tokenOf(email!);
    t.clock.advance(120 * MINUTE);
    const bobOfferedAt = t.clock.now();
    await t.engine.messages.runScheduledJobs();
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => [e.name, e.state])).toEqual([
      ["Ada", "expired"],
      ["Bob", "offered"],
    ]);
    expect(await holdOf(ada.reference)).toBeNull();
    expect(await holdOf(bob.reference)).toEqual({ day: THURSDAY, expiresAt: new Date(t.clock.now().getTime() + 120 * MINUTE) });
    const bobJob = (await offerJobs(carrier)).find((job) => job.payload?.to?.name === "Bob" && job.channel === "email")!;
    expect(bobJob.locale).toBe("de");
    expect(await t.engine.waitingList.viewWaitingListOffer(carrier, adaToken)).toEqual({ status: "expired" });

    // Bob opens his link: his booking now has Thursday, held; he books and leaves the list.
    const bobToken = tokenOf(bobJob);
    expect(await t.engine.waitingList.viewWaitingListOffer(carrier, bobToken)).toMatchObject({ status: "valid", date: THURSDAY });
    const accepted = await t.engine.waitingList.acceptWaitingListOffer(carrier, bobToken);
    expect(accepted).toMatchObject({ status: "valid", date: THURSDAY, booking_reference: bob.reference });
    const resumed = await t.engine.basket.getBooking(carrier, bob.reference);
    expect(resumed).toMatchObject({ date: THURSDAY, availability: { date_held: true } });
    expect(await t.engine.waitingList.acceptWaitingListOffer(carrier, bobToken)).toEqual({ status: "used" });
    await t.engine.basket.setCustomerDetails(carrier, bob.reference, VALID_DETAILS);
    // A failed payment attempt does not cut the offer's hold down to a draft's 30 minutes.
    await t.engine.checkout.charge(carrier, bob.reference, { currency: carrier.currency, token: "fake-processor-declined-visa-nonce" }).catch(() => null);
    expect(await holdOf(bob.reference)).toEqual({ day: THURSDAY, expiresAt: new Date(bobOfferedAt.getTime() + 120 * MINUTE) });
    const done = await t.engine.checkout.charge(carrier, bob.reference, { currency: carrier.currency, token: "fake-valid-nonce" });
    expect(done.checkout_status).toBe("SUCCESS");
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => [e.name, e.state])).toEqual([
      ["Ada", "expired"],
      ["Bob", "booked"],
    ]);

    // Bob's expiry job comes due with nothing left to do.
    t.clock.advance(121 * MINUTE);
    await t.engine.messages.runScheduledJobs();
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => e.state)).toEqual(["expired", "booked"]);
    expect(await holdOf(bob.reference)).toEqual({ day: THURSDAY, expiresAt: null });
  });

  it("offers the old day of an order moved to another date", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    const ada = await waitingCustomer(carrier, "Ada");
    await t.engine.orders.changeOrderDate(carrier, order.lookup, { date: "2025-06-06", reason: "I will be away that whole day" });
    expect(await holdOf(ada.reference)).toMatchObject({ day: THURSDAY });
    expect((await t.engine.waitingList.listWaitingList(carrier))[0]).toMatchObject({ state: "offered", offered_day: THURSDAY });
  });

  it("waits in each area for its own days", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, reference, { postcode: "E1 6AN" });
    await t.engine.waitingList.joinWaitingList(carrier, reference, { name: "Eve", email: "eve@example.com", phone: "07700 900123", site_url: SITE });
    await t.engine.orders.cancelOrder(carrier, order.lookup);
    expect((await t.engine.waitingList.listWaitingList(carrier))[0]).toMatchObject({ area_code: "east", state: "waiting" });
    expect(await offerJobs(carrier)).toEqual([]);
  });

  it("passes over a customer holding another day in a checkout of their own, who keeps their place", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    const ada = await waitingCustomer(carrier, "Ada");
    const bob = await waitingCustomer(carrier, "Bob");
    await t.engine.basket.setDate(carrier, ada.reference, { date: "2025-06-06" });
    await t.engine.orders.cancelOrder(carrier, order.lookup);
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => [e.name, e.state])).toEqual([
      ["Ada", "waiting"],
      ["Bob", "offered"],
    ]);
    expect(await holdOf(ada.reference)).toMatchObject({ day: "2025-06-06" });
    expect(await holdOf(bob.reference)).toMatchObject({ day: THURSDAY });
  });

  it("'no thanks' passes the day on at once; leaving while waiting is possible too", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    await waitingCustomer(carrier, "Ada");
    const bob = await waitingCustomer(carrier, "Bob");
    const cat = await waitingCustomer(carrier, "Cat");
    expect(await t.engine.waitingList.leaveWaitingList(carrier, bob.reference)).toBe(1);
    await t.engine.orders.cancelOrder(carrier, order.lookup);
    const [adaJob] = await offerJobs(carrier);
    expect(await t.engine.waitingList.declineWaitingListOffer(carrier, tokenOf(adaJob!))).toEqual({ status: "valid" });
    expect((await t.engine.waitingList.listWaitingList(carrier)).map((e) => [e.name, e.state])).toEqual([
      ["Ada", "withdrawn"],
      ["Bob", "withdrawn"],
      ["Cat", "offered"],
    ]);
    expect(await holdOf(cat.reference)).toMatchObject({ day: THURSDAY });
  });

  it("keeps the link to its carrier's site and turns away nonsense tokens", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    await waitingCustomer(carrier, "Ada");
    await t.engine.orders.cancelOrder(carrier, order.lookup);
    const token = tokenOf((await offerJobs(carrier))[0]!);
    const another = await smallCarrier();
    expect(await t.engine.waitingList.viewWaitingListOffer(another, token)).toEqual({ status: "unknown" });
    expect(await t.engine.waitingList.acceptWaitingListOffer(another, token)).toEqual({ status: "unknown" });
    for (const nonsense of [undefined, "", "short", "x".repeat(500), "<script>alert(1)</script>abcdefgh"]) {
      expect(await t.engine.waitingList.viewWaitingListOffer(carrier, nonsense)).toEqual({ status: "unknown" });
    }
    expect(await t.engine.waitingList.viewWaitingListOffer(carrier, token)).toMatchObject({ status: "valid" });
  });

  it("offers nothing when nobody waits: the day is simply free again", async () => {
    const carrier = await smallCarrier();
    const order = await paidOrder(carrier);
    await t.engine.orders.cancelOrder(carrier, order.lookup);
    expect(await offerJobs(carrier)).toEqual([]);
    const days = await t.engine.coverage.areaAvailability(carrier, { areaCode: "central", startDate: THURSDAY, daysToLoad: 1 });
    expect(days[0]).toMatchObject({ date: THURSDAY, available: true });
  });
});
