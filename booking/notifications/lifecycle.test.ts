/**
 * Issue 10 item 10: a booking's life on the engine's clock (ADR 034), from the payment to the
 * morning of the repair and to a cancellation, read back from the file outbox as a mail client and
 * a calendar would: the `.eml` parsed by mailparser, the invite by ical.js.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import type { CarrierContext } from "../domain/carrier";
import { createTestEngine, newCarrier, readyBooking, staticMessageContent, type TestEngine } from "../testing/engine";
import { OUTBOX_SENDER, sendersFromEnv, withSenders } from "./senders";

const SITE = "https://fixfast.example";

interface Sent {
  emails: ParsedMail[];
  sms: { to: string; text: string }[];
}

describe("a booking's messages through its life", () => {
  let dir: string;
  let t: TestEngine;
  let carrier: CarrierContext;
  let seen = new Set<string>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "lifecycle-outbox-"));
    const notifications = withSenders(createOutboxSenders({ dir }), sendersFromEnv({}, OUTBOX_SENDER));
    t = await createTestEngine({ notifications, messageContent: staticMessageContent() });
    carrier = await newCarrier(t);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs the scheduler at the engine's "now" and answers what it wrote since the last call. */
  async function send(): Promise<Sent> {
    await t.engine.messages.runScheduledJobs();
    const fresh = (await readdir(dir)).filter((name) => !seen.has(name)).sort();
    seen = new Set([...seen, ...fresh]);
    const emails = await Promise.all(fresh.filter((f) => f.endsWith(".eml")).map(async (f) => simpleParser(await readFile(join(dir, f)))));
    const sms = await Promise.all(fresh.filter((f) => f.endsWith(".sms.json")).map(async (f) => JSON.parse(await readFile(join(dir, f), "utf8")) as { to: string; text: string }));
    return { emails, sms };
  }

  /** The invite an e-mail carries, parsed as a calendar reads it. */
  function invite(mail: ParsedMail) {
    const part = mail.attachments.find((a) => a.contentType === "text/calendar" || a.contentType === "application/ics");
    expect(part, "the e-mail carries a calendar invite").toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(part!.content.toString("utf8")));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    return {
      method: calendar.getFirstPropertyValue("method"),
      uid: event.uid,
      sequence: event.sequence,
      zone: event.startDate.zone?.tzid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status"),
      location: event.location,
    };
  }

  async function pay(date: string, locale = "en") {
    const { ref } = await readyBooking(t, carrier, { date, details: { locale, site_url: `${SITE}/booking/details` } });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
    const lookup = { order_ref: String(done.order_id), email: "ada@example.com" };
    return { orderRef: Number(done.order_id), lookup, total: (await t.engine.orders.lookupOrder(carrier, lookup)).totals.total_price };
  }

  it("confirms the payment at once, writes at 18:00 the evening before and at 08:00 on the day, each once", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const { orderRef, total } = await pay("2025-06-05");

    const confirmed = await send();
    expect(confirmed.emails).toHaveLength(1);
    const mail = confirmed.emails[0]!;
    expect(mail.subject).toBe(`Your FixFast repair is booked: ${orderRef}`);
    expect((mail.to as { text: string } | undefined)?.text).toContain("ada@example.com");
    expect(mail.text).toContain(`Order reference: ${orderRef}`);
    expect(mail.text).toContain("iPhone 15");
    expect(mail.text).toContain(`Amount: £${(total / 100).toFixed(2)}`);
    expect(mail.text).toContain("Your technician comes on Thursday, 5 June 2025, 08:00–09:00, to:");
    expect(mail.text).toContain("1 Parliament Street");
    expect(mail.text).toContain(`${SITE}/manage/booking?order_ref=${orderRef}&email=ada%40example.com`);
    expect(mail.text).toContain(`${SITE}/my/technician/ada%40example.com/${orderRef}`);
    expect(mail.html).toContain(`href="${SITE}/manage/booking?order_ref=${orderRef}&amp;email=ada%40example.com"`);
    const request = invite(mail);
    expect(request).toMatchObject({ method: "REQUEST", uid: `order-${orderRef}@fixfast.example`, sequence: 0, zone: "Europe/London", status: "CONFIRMED" });
    // 08:00–09:00 on 5 June in London is 07:00–08:00 UTC (British Summer Time).
    expect(request).toMatchObject({ start: "2025-06-05T07:00:00.000Z", end: "2025-06-05T08:00:00.000Z" });
    expect(request.location).toContain("1 Parliament Street");
    expect(confirmed.sms).toEqual([
      expect.objectContaining({ to: "+447700900123", text: expect.stringContaining(`repair ${orderRef} is booked for Thursday, 5 June 2025, 08:00-09:00`) }),
    ]);

    t.clock.set("2025-06-04T16:59:00Z");
    expect(await send()).toEqual({ emails: [], sms: [] });

    t.clock.set("2025-06-04T17:00:00Z");
    const evening = await send();
    expect(evening.emails.map((m) => m.subject)).toEqual([`Tomorrow: your FixFast repair ${orderRef}`]);
    expect(evening.sms).toHaveLength(1);
    expect(await send()).toEqual({ emails: [], sms: [] });

    t.clock.set("2025-06-05T07:00:00Z");
    const morning = await send();
    expect(morning.emails).toHaveLength(1);
    expect(morning.emails[0]!.text).toContain(orderRef.toString());
    expect(morning.sms).toHaveLength(1);
    t.clock.set("2025-06-05T12:00:00Z");
    expect(await send()).toEqual({ emails: [], sms: [] });
  });

  it("updates the same calendar event on a date or address change and cancels it with the refund on cancellation", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const { orderRef, lookup, total } = await pay("2025-06-05", "de");
    const confirmed = await send();
    expect(confirmed.emails[0]!.subject).toBe(`Ihre Reparatur bei FixFast ist gebucht: ${orderRef}`);
    const first = invite(confirmed.emails[0]!);

    await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "Ich bin die ganze Woche verreist" });
    const moved = await send();
    expect(moved.emails).toHaveLength(1);
    expect(moved.emails[0]!.text).toContain("10. Juni 2025");
    const update = invite(moved.emails[0]!);
    expect(update).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1 });
    expect(update.start.slice(0, 10)).toBe("2025-06-10");
    expect(moved.sms).toHaveLength(1);

    // The old day's evening message is withdrawn; the new day's comes at its time.
    t.clock.set("2025-06-04T17:00:00Z");
    expect(await send()).toEqual({ emails: [], sms: [] });

    await t.engine.orders.changeOrderAddress(carrier, lookup, { postcode: "SW1A 2AA", line_1: "10 Downing Street", town: "London" });
    const readdressed = await send();
    expect(readdressed.emails).toHaveLength(1);
    expect(readdressed.emails[0]!.text).toContain("10 Downing Street");
    expect(invite(readdressed.emails[0]!)).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 2, location: expect.stringContaining("10 Downing Street") });

    await t.engine.orders.cancelOrder(carrier, lookup);
    const cancelled = await send();
    expect(cancelled.emails).toHaveLength(1);
    const mail = cancelled.emails[0]!;
    expect(mail.text).toContain(`${(total / 100).toFixed(2).replace(".", ",")} £`);
    expect(invite(mail)).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 3, status: "CANCELLED" });
    expect(cancelled.sms).toHaveLength(1);

    t.clock.set("2025-06-09T17:00:00Z");
    expect(await send()).toEqual({ emails: [], sms: [] });
  });

  it("says the IMEI was received, once however often it is entered", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const { orderRef, lookup } = await pay("2025-06-05");
    await send();
    const [device] = (await t.engine.orders.lookupOrder(carrier, lookup)).devices;
    await t.engine.orders.setOrderDeviceImei(carrier, { device_id: device!.id, email: lookup.email, imei: "490154203237518" });
    await t.engine.orders.setOrderDeviceImei(carrier, { device_id: device!.id, email: lookup.email, imei: "490154203237518" });
    const sent = await send();
    expect(sent.emails).toHaveLength(1);
    expect(sent.emails[0]!.text).toContain(String(orderRef));
    expect(sent.sms).toEqual([]);
  });

  it("offers a cancelled order's day to the first customer waiting, by e-mail with a link that holds it", async () => {
    // A carrier of its own with one appointment a day, so the order fills its day.
    const small = await newCarrier(t, { slots: 1, technicians: 1 });
    t.clock.set("2025-06-02T08:00:00Z");
    const { ref } = await readyBooking(t, small, { date: "2025-06-05" });
    const done = await t.engine.checkout.charge(small, ref, { currency: small.currency, token: "fake-valid-nonce" });
    const waiting = await t.engine.basket.buildBooking(small);
    await t.engine.basket.setPostcode(small, waiting.reference, { postcode: "SW1A 2AA" });
    await t.engine.waitingList.joinWaitingList(small, waiting.reference, { name: "Grace Hopper", email: "grace@example.com", phone: "07700 900456", locale: "en", site_url: SITE });
    await send();

    await t.engine.orders.cancelOrder(small, { order_ref: String(done.order_id), email: "ada@example.com" });
    const sent = await send();
    const offer = sent.emails.find((mail) => (mail.to as { text: string } | undefined)?.text.includes("grace@example.com"));
    expect(offer, "the waiting customer's offer").toBeDefined();
    expect(offer!.text).toContain("Thursday, 5 June 2025");
    expect(offer!.text).toMatch(new RegExp(`${SITE}/booking/waiting-list/offer\\?token=[\\w-]+`));
    // The hold's end, in the carrier's zone: two hours after the cancellation (09:00 London).
    expect(offer!.text).toContain("11:00");
    expect(sent.sms.some((sms) => sms.to === "+447700900456")).toBe(true);
  });

  it("sends a prepared booking's code to its customer, whose link confirms it once; a booking without an e-mail cannot be sent", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05", details: { locale: "de", site_url: `${SITE}/booking/details` } });
    await send();
    const issued = await t.engine.basket.issueResumeToken(carrier, ref, { send: true });
    expect(issued.sent_to).toEqual({ email: "ada@example.com", phone: "+447700900123" });
    const sent = await send();
    expect(sent.emails).toHaveLength(1);
    const mail = sent.emails[0]!;
    expect((mail.to as { text: string }).text).toContain("ada@example.com");
    // In the language the booking was made in, with the code, the device, the day and the code's end in the carrier's zone.
    expect(mail.subject).toContain("Bestätigen Sie Ihre Reparaturbuchung");
    expect(mail.text).toContain(issued.token);
    expect(mail.text).toContain("iPhone 15");
    expect(mail.text).toContain("5. Juni 2025");
    expect(mail.text).toContain("10:00");
    const link = new RegExp(`${SITE}/booking/continue\\?token=${issued.token}`);
    expect(mail.text).toMatch(link);
    expect(sent.sms).toHaveLength(1);
    expect(sent.sms[0]).toMatchObject({ to: "+447700900123" });
    expect(sent.sms[0]!.text).toContain(issued.token);

    const url = link.exec(mail.text!)![0];
    expect((await t.engine.basket.redeemResumeToken(carrier, url)).reference).toBe(ref);
    await expect(t.engine.basket.redeemResumeToken(carrier, url)).rejects.toMatchObject({ code: "BK01" });

    const bare = await t.engine.basket.buildBooking(carrier);
    await expect(t.engine.basket.issueResumeToken(carrier, bare.reference, { send: true })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(t.engine.basket.issueResumeToken(carrier, bare.reference, { send: "yes" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await send()).emails).toEqual([]);
  });

  it("answers a contact message with the promise of a reply within 48 hours, to the address it came from", async () => {
    await t.engine.contact.sendContactMessage(carrier, {
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "07700 900456",
      reason: { id: 1, title: "My booking" },
      message: "Can the technician come in the afternoon?",
      locale: "en",
      captcha_token: null,
    });
    const sent = await send();
    expect(sent.emails).toHaveLength(1);
    expect((sent.emails[0]!.to as { text: string } | undefined)?.text).toContain("grace@example.com");
    expect(sent.emails[0]!.text).toMatch(/48 hours/);
  });
});
