/**
 * The booked-page cache across two app instances on one PostgreSQL database (ADR 225): a visitor's
 * basket and details, kept by each instance, show a change made through the other instance on the
 * very next GET — the booking version lives in the shared database, raised by the change's own
 * transaction (ADR 224). The repair date and checkout, kept within a clock second (ADR 233): a day
 * taken through the other instance is no longer offered a second later, and the visitor's own day
 * shows on checkout at once. Without JavaScript (plain GETs and form posts). Starts
 * `node --import tsx server.ts` twice with the production build, as the instances test does.
 * Needs TEST_DATABASE_URL and CMS_URL (skipped without them).
 */
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instancePorts, instancesSkipReason as skipReason, prepareAppInstances, type AppInstances } from "../support/app-instances";
import { pickCarrier } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import {
  bookingInput,
  chooseRepairDate,
  coveredPostcodeOf,
  createHttpCustomer,
  deviceIntoBasket,
  fillDetails,
  type CustomerCarrier,
  type HttpCustomer,
} from "../support/http-customer";

// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten).
const ports = instancePorts(5, 6);

interface Answer {
  status: number;
  cache: string | null;
  setCookie: string[];
  body: string;
}

/** A document GET with exactly the visitor's cookies, as a browser without JavaScript sends it. */
function get(port: number, host: string, pathname: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, headers: { host: `${host}:${port}`, cookie, accept: "text/html" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          cache: (response.headers["x-booked-cache"] as string | undefined) ?? null,
          setCookie: response.headers["set-cookie"] ?? [],
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** A repeat view once the instance has kept the page (it compresses and stores it just after its first answer). */
async function keptView(port: number, host: string, pathname: string, cookie: string): Promise<Answer> {
  let answer = await get(port, host, pathname, cookie);
  for (let attempt = 0; attempt < 40 && answer.cache !== "hit"; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await get(port, host, pathname, cookie);
  }
  return answer;
}

const items = (html: string) => html.split('data-testid="basket-item"').length - 1;
/** The repair date page's days: date → offered. */
const days = (html: string) => new Map([...html.matchAll(/data-date="(\d{4}-\d{2}-\d{2})" data-available="(true|false)"/g)].map((match) => [match[1]!, match[2] === "true"]));
/** The booking session cookie the customer's browser holds (the one cookie a kept booked page may come with besides the language). */
const cookieOf = (customer: HttpCustomer) => `__booking=${customer.cookies.get("__booking") ?? ""}`;

if (skipReason) {
  describe("booked pages kept across app instances", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("booked pages kept across app instances", () => {
    let instances: AppInstances;
    const customers: HttpCustomer[] = [];
    let carrier: CustomerCarrier;

    /** A customer whose browser talks to one instance; `like` gives it another's cookies (one visitor, two instances). */
    function customerOn(index: number, like?: HttpCustomer): HttpCustomer {
      const made = createHttpCustomer({ origin: `http://${carrier.code}.localhost:${ports[index]}`, connectTo: "127.0.0.1", carrier });
      if (like) for (const [name, value] of like.cookies) made.cookies.set(name, value);
      customers.push(made);
      return made;
    }

    beforeAll(async () => {
      const picked = pickCarrier(await seededCarriers(), "uk");
      carrier = { code: String(picked.code), countryCode: String(picked.countryCode) };
      instances = await prepareAppInstances("booked_it", ports);
      await instances.startAll();
    }, 300_000);

    afterAll(async () => {
      await Promise.all(customers.map((each) => each.close()));
      await instances?.close();
    });

    it("shows a change made through one instance on the next GET through the other, each instance having kept the page before", async () => {
      const host = `${carrier.code}.localhost`;
      const onA = customerOn(0);
      await deviceIntoBasket(onA, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
      const cookie = cookieOf(onA);
      expect(cookie).toMatch(/__booking=/);

      // Each instance renders the basket once (A may have kept it already, from the journey's own last
      // GET), then answers it from memory: no cookie set, one device.
      for (const [index, port] of ports.entries()) {
        const first = await get(port, host, "/booking/basket", cookie);
        expect(first.status).toBe(200);
        expect(first.cache).toBe(index === 0 ? first.cache : "miss");
        expect(first.cache).toMatch(/^(?:miss|hit)$/);
        const repeat = await keptView(port, host, "/booking/basket", cookie);
        expect(repeat).toMatchObject({ status: 200, cache: "hit", setCookie: [] });
        expect(items(repeat.body)).toBe(1);
        expect(repeat.body).toBe(first.body);
      }

      // A second device, added through instance B: instance A's next GET shows two.
      const onB = customerOn(1, onA);
      await deviceIntoBasket(onB, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
      const afterAdd = await get(ports[0]!, host, "/booking/basket", cookieOf(onB));
      expect(afterAdd.cache).toBe("miss");
      expect(items(afterAdd.body)).toBe(2);

      // A device removed through instance A: instance B, which kept the basket, shows one fewer at once.
      expect((await keptView(ports[1]!, host, "/booking/basket", cookieOf(onB))).cache).toBe("hit");
      const reference = /\?remove=([^"&]+)/.exec(afterAdd.body)![1]!;
      const removed = await customerOn(0, onB).post("/booking/basket", [
        ["intent", "delete-device"],
        ["device", decodeURIComponent(reference)],
      ]);
      expect(removed.url.pathname).toBe("/booking/basket");
      const afterRemove = await get(ports[1]!, host, "/booking/basket", cookieOf(onB));
      expect(afterRemove.cache).not.toBe("hit");
      expect(items(afterRemove.body)).toBe(1);

      // The details: kept by instance B, then sent through instance A; B's next GET shows them.
      const onA2 = customerOn(0, onB);
      const { page: detailsPage } = await chooseRepairDate(onA2);
      const detailsCookie = cookieOf(onA2);
      const keptDetails = await keptView(ports[1]!, host, "/booking/details", detailsCookie);
      expect(keptDetails).toMatchObject({ status: 200, cache: "hit", setCookie: [] });
      expect(keptDetails.body).not.toContain("Hopper");
      await fillDetails(onA2, detailsPage, bookingInput.parse({ email: `booked-${Date.now().toString(36)}@example.com`, lastName: "Hopper" }));
      const afterDetails = await get(ports[1]!, host, "/booking/details", cookieOf(onA2));
      expect(afterDetails.cache).not.toBe("hit");
      expect(afterDetails.body).toContain("Hopper");
    });

    it("never keeps a page for a toast, another cookie, or a GET that submits a postcode", async () => {
      const host = `${carrier.code}.localhost`;
      const visitor = customerOn(0);
      await deviceIntoBasket(visitor, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
      const cookie = cookieOf(visitor);
      expect((await get(ports[0]!, host, "/booking/basket", `${cookie}; __toast=x`)).cache).toBeNull();
      expect((await get(ports[0]!, host, "/booking/basket", `${cookie}; other=1`)).cache).toBeNull();
      // The repair date is kept now, within its clock second (ADR 233); a submitted postcode never is (it writes).
      const postcode = `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcodeOf(carrier).replace(/\s+/g, ""))}`;
      expect((await get(ports[0]!, host, postcode, cookie)).cache).toBeNull();
      expect((await get(ports[0]!, host, postcode, cookie)).cache).toBeNull();
    });

    it("the repair date kept by one instance no longer offers a day taken through the other a second later; the visitor's own day shows on checkout at once", async () => {
      const host = `${carrier.code}.localhost`;
      // Visitor B, on instance A: a phone, a first day, the details, so every step up to checkout is theirs.
      const visitorB = customerOn(0);
      await deviceIntoBasket(visitorB, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
      const { page: details, date: firstDay } = await chooseRepairDate(visitorB);
      await fillDetails(visitorB, details, bookingInput.parse({ email: `clocked-${Date.now().toString(36)}@example.com` }));
      const cookieB = cookieOf(visitorB);

      // B's repair date and checkout, kept by instance A.
      const keptDates = await keptView(ports[0]!, host, "/booking/repair-date", cookieB);
      expect(keptDates).toMatchObject({ status: 200, cache: "hit", setCookie: [] });
      const offered = [...days(keptDates.body)].filter(([, free]) => free).map(([date]) => date);
      // The last day offered (never today, whose windows close as the day goes on), and another for B's own change.
      const lastDay = offered.at(-1)!;
      const otherDay = offered.find((date) => date !== lastDay && date !== firstDay)!;
      expect(lastDay && otherDay && lastDay !== firstDay).toBeTruthy();
      const keptCheckout = await keptView(ports[0]!, host, "/booking/checkout", cookieB);
      expect(keptCheckout).toMatchObject({ status: 200, cache: "hit", setCookie: [] });
      expect(keptCheckout.body).toContain(firstDay);

      // The last day filled to one unit short of its capacity (orders' holds, as the roster counts them).
      const client = new pg.Client({ connectionString: instances.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ carrier_code: string; area_code: string; capacity: number; held: number }>(
          `select b.carrier_code, b.area_code,
                  (select count(*) from technicians t where t.carrier_code = b.carrier_code and t.area_code = b.area_code and t.active)::int
                    * coalesce(a.slots_per_technician_per_day, r.slots_per_technician_per_day) as capacity,
                  (select count(*) from capacity_holds h where h.carrier_code = b.carrier_code and h.area_code = b.area_code and h.day = $1
                     and (h.expires_at is null or h.expires_at > now()))::int as held
             from bookings b join carrier_rosters r on r.carrier_code = b.carrier_code
             left join service_areas a on a.carrier_code = b.carrier_code and a.code = b.area_code
            where b.email like 'clocked-%' order by b.id desc limit 1`,
          [lastDay],
        );
        const day = rows[0]!;
        expect(day.capacity).toBeGreaterThan(day.held);
        for (let unit = 0; unit < day.capacity - day.held - 1; unit += 1) {
          await client.query(`insert into capacity_holds (carrier_code, area_code, day, booking_id, expires_at) values ($1, $2, $3, $4, null)`, [
            day.carrier_code,
            day.area_code,
            lastDay,
            -(Date.now() % 1_000_000) * 100 - unit,
          ]);
        }
      } finally {
        await client.end();
      }

      // Visitor A takes the day's last unit through instance B.
      const visitorA = customerOn(1);
      await deviceIntoBasket(visitorA, { postcode: coveredPostcodeOf(carrier), model: 101, make: 2 });
      expect((await chooseRepairDate(visitorA, lastDay)).date).toBe(lastDay);

      // A second later, B's next GET through instance A no longer offers it.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const afterTaken = await get(ports[0]!, host, "/booking/repair-date", cookieB);
      expect(afterTaken.status).toBe(200);
      expect(afterTaken.cache).not.toBe("hit");
      expect(days(afterTaken.body).get(lastDay)).toBe(false);

      // B's own day through instance A: checkout shows it at once (the booking version moved).
      const onA = customerOn(0, visitorB);
      expect((await chooseRepairDate(onA, otherDay)).date).toBe(otherDay);
      const afterOwn = await get(ports[0]!, host, "/booking/checkout", cookieOf(onA));
      expect(afterOwn.status).toBe(200);
      expect(afterOwn.cache).not.toBe("hit");
      expect(afterOwn.body).toContain(otherDay);
      expect(afterOwn.body).not.toContain(firstDay);
    });
  });
}
