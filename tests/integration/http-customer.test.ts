/**
 * The customer without a browser (tests/support/http-customer.ts, ADR 141) against the app the
 * integration suite starts: it books and pays through the HTML forms alone, five of them at once on
 * one carrier and day get five orders (each confirmed once, the day never over its capacity), and a
 * payment form posted twice at once and once more afterwards (a double press, a resend after a lost
 * answer) charges once and leads to the same order. The production suite drives 20 of these through
 * Caddy while a replica is killed.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickCarrier } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import {
  answerDeviceStep,
  availableDays,
  defaultBody,
  searchPostcode,
  setField,
  book,
  completion,
  continueToPayment,
  chooseRepairDate,
  createHttpCustomer,
  deviceIntoBasket,
  fillDetails,
  bookingInput,
  coveredPostcodeOf,
  parseForms,
  paymentBody,
  testIdText,
  type CustomerCarrier,
  type HttpCustomer,
} from "../support/http-customer";

const appPort = Number(process.env.APP_PORT ?? 3100);
let carrier: CustomerCarrier;
const customers: HttpCustomer[] = [];

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;

function customer(): HttpCustomer {
  // The carrier's own host name, connected to the app on 127.0.0.1 (Node does not resolve *.localhost).
  const made = createHttpCustomer({ origin: `http://${carrier.code}.localhost:${appPort}`, connectTo: "127.0.0.1", carrier });
  customers.push(made);
  return made;
}

/** Approved card payments the app has counted (its metrics listener). */
async function approvedPayments(): Promise<number> {
  const text = await (await fetch(process.env.METRICS_URL ?? `http://127.0.0.1:${appPort + 9}/metrics`)).text();
  return [...text.matchAll(/^payments_total\{[^}]*outcome="approved"[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** The confirmation e-mails (subject naming the order) on the development outbox, after a pass of due messages. */
async function confirmationsOf(orderRefs: string[]): Promise<Map<string, number>> {
  const outbox = customer();
  let counts = new Map<string, number>();
  for (let round = 0; round < 20; round += 1) {
    const page = await outbox.get("/dev/outbox");
    // The confirmation is the message with the calendar invite; the evening and morning messages carry the
    // reference in their subject too, and are not a second confirmation.
    const confirmations = page.html.split("<article ").filter((article) => article.includes("invite.ics"));
    const subjects = confirmations.flatMap((article) => [...article.matchAll(/data-testid="outbox-subject"[^>]*>([^<]*)</g)].map((match) => match[1]!));
    counts = new Map(orderRefs.map((ref) => [ref, subjects.filter((subject) => new RegExp(`\\b${ref}\\b`).test(subject)).length]));
    if ([...counts.values()].every((count) => count > 0)) return counts;
    // Send what is due now (the worker would within its interval).
    const form = parseForms(page.html, page.url).find((candidate) => candidate.method === "post");
    if (form) await outbox.post(form.action, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return counts;
}

/** Orders on a day, as the CMS asks the app before closing days (signed like the webhook). */
async function ordersOn(day: string): Promise<number> {
  const pathname = `/api/ops/bookings-count?carrier=${carrier.code}&dates=${day}`;
  const signature = `sha256=${createHmac("sha256", process.env.CMS_WEBHOOK_SECRET ?? "")
    .update(pathname)
    .digest("hex")}`;
  const response = await fetch(`http://127.0.0.1:${appPort}${pathname}`, { headers: { "X-Webhook-Signature": signature } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

interface Roster {
  roster: { slots_per_technician_per_day: number };
  service_areas: { technicians: unknown[] }[];
}
const seed = () => JSON.parse(readFileSync(path.join(process.cwd(), "tenants", carrier.code, "engine.json"), "utf8")) as Roster;

beforeAll(async () => {
  const picked = pickCarrier(await seededCarriers(), "uk");
  carrier = { code: String(picked.code), countryCode: String(picked.countryCode) };
});

afterAll(async () => {
  await Promise.all(customers.map((each) => each.close()));
});

describe("a customer without a browser (ADR 141)", () => {
  it("books and pays through the HTML forms alone, and the confirmation goes out once", async () => {
    const one = customer();
    const paidBefore = await approvedPayments();
    const order = await book(one, { email: unique("http-one") });
    expect(order.orderRef).toMatch(/^\d+$/);
    expect(order.amountMinor).toBeGreaterThan(0);
    expect(order.timeslot).toMatch(/\d{2}:\d{2}/);
    // The journey kept its cookies and followed its redirects; nothing needed a retry.
    expect(one.stats).toMatchObject({ retries: 0 });
    expect(one.stats.tries).toBeGreaterThan(10);
    expect(await approvedPayments()).toBe(paidBefore + 1);
    expect((await confirmationsOf([order.orderRef])).get(order.orderRef)).toBe(1);
    console.log(`[http-customer] one booking: order ${order.orderRef}, ${order.amountMinor} charged, ${one.stats.tries} requests`);
  });

  it("books five customers at once on one carrier and day: five orders, each confirmed once, the day within its capacity", async () => {
    const scout = customer();
    await deviceIntoBasket(scout, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
    const days = await availableDays(scout);
    // Not today: the same-day cut-off could close today while the five pay.
    const day = days[1] ?? days[0]!;
    const before = await ordersOn(day);
    const paidBefore = await approvedPayments();

    const started = Date.now();
    const five = await Promise.all(Array.from({ length: 5 }, (_, index) => book(customer(), { email: unique(`http-five-${index}`), date: day })));
    const seconds = (Date.now() - started) / 1000;

    const refs = five.map((order) => order.orderRef);
    expect(new Set(refs).size).toBe(5);
    expect(five.every((order) => order.date === day)).toBe(true);
    expect(await approvedPayments()).toBe(paidBefore + 5);
    expect(await ordersOn(day)).toBe(before + 5);
    // Capacity (ADR 011): the area's technicians each take a window once; the day holds at most technicians × windows.
    const { roster, service_areas } = seed();
    const technicians = service_areas[0]!.technicians.length;
    const perWindow = new Map<string, number>();
    for (const order of five) perWindow.set(order.timeslot, (perWindow.get(order.timeslot) ?? 0) + 1);
    for (const [window, count] of perWindow) expect(count, `orders in ${window}`).toBeLessThanOrEqual(technicians);
    const capacity = service_areas.reduce((sum, area) => sum + area.technicians.length * roster.slots_per_technician_per_day, 0);
    expect(await ordersOn(day)).toBeLessThanOrEqual(capacity);

    const confirmations = await confirmationsOf(refs);
    expect(refs.map((ref) => confirmations.get(ref))).toEqual([1, 1, 1, 1, 1]);
    console.log(`[http-customer] five at once on ${day}: orders ${refs.join(", ")} in ${seconds.toFixed(1)} s; windows ${[...perWindow].map(([w, n]) => `${w}×${n}`).join(", ")}`);
  });

  it("charges once for a payment form posted twice at once and again afterwards, and every answer is the same order", async () => {
    const buyer = customer();
    const input = bookingInput.parse({ email: unique("http-twice") });
    await deviceIntoBasket(buyer, { postcode: coveredPostcodeOf(carrier), model: input.model, make: input.make });
    const { page: details } = await chooseRepairDate(buyer);
    const payment = await continueToPayment(buyer, await fillDetails(buyer, details, input));
    const { action, body } = paymentBody(payment, input.card);
    const paidBefore = await approvedPayments();

    // A double press: the same form twice at once (the page without JavaScript cannot stop the second).
    const [first, second] = await Promise.all([buyer.post(action, body), buyer.post(action, body)]);
    // A resend after a lost answer: the same form once more, after the booking completed.
    const third = await buyer.post(action, body);
    for (const page of [first, second, third]) expect(page.url.pathname).toBe("/booking/complete");
    const refs = [first, second, third].map((page) => completion(page).orderRef);
    expect(new Set(refs).size).toBe(1);
    expect(testIdText(first.html, "overview-order-reference")).toBe(refs[0]);
    expect(await approvedPayments()).toBe(paidBefore + 1);
    expect((await confirmationsOf([refs[0]!])).get(refs[0]!)).toBe(1);
  });

  it("adds one device when the device form is sent twice, as a browser resends it after a lost answer (ADR 143)", async () => {
    const buyer = customer();
    await searchPostcode(buyer, coveredPostcodeOf(carrier));
    const colour = await buyer.get("/booking/device/colour?model=101&make=2");
    const form = parseForms(colour.html, colour.url).find((candidate) => candidate.method === "post" && candidate.fields.some((field) => field.name === "model_version_id"))!;
    expect(form.fields.some((field) => field.name === "device_key" && field.type === "hidden")).toBe(true);
    let body = defaultBody(form);
    for (const name of ["model_version_id", "colour"]) {
      const first = form.fields.find((field) => field.name === name && field.type === "radio");
      if (first) body = setField(body, name, first.value);
    }
    await buyer.post(form.action, body);
    let page = await buyer.post(form.action, body);
    for (let step = 0; step < 10 && page.url.pathname !== "/booking/basket"; step += 1) page = await answerDeviceStep(buyer, page);
    expect(page.url.pathname).toBe("/booking/basket");
    expect(page.html.match(/data-testid="basket-item"/g)).toHaveLength(1);
  });
});
