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
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/app";
import { pickCarrier } from "../support/book-through-ui";
import { seededCarriers } from "../support/cms";
import { runCommand as run, stopChild as stop } from "../support/child-process";
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

const root = fileURLToPath(new URL("../..", import.meta.url));
const baseUrl = process.env.TEST_DATABASE_URL;
const cmsUrl = process.env.CMS_URL;
const buildDir = process.env.APP_BUILD_DIR ?? (process.env.TEST_INSTANCE ? `build-test-${process.env.TEST_INSTANCE}` : "build");
// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten).
const basePort = Number(process.env.APP_PORT ?? 3100);
const ports = [basePort + 5, basePort + 6];

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

const skipReason = !baseUrl ? "TEST_DATABASE_URL is not set (no PostgreSQL server binaries)" : !cmsUrl ? "CMS_URL is not set" : null;

if (skipReason) {
  describe("booked pages kept across app instances", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("booked pages kept across app instances", () => {
    const databaseName = `booked_it_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(baseUrl!);
    url.pathname = `/${databaseName}`;
    const work = mkdtempSync(path.join(tmpdir(), "repair-booked-"));
    const instances: ChildProcess[] = [];
    const output: string[] = ["", ""];
    const customers: HttpCustomer[] = [];
    let carrier: CustomerCarrier;

    async function admin(statement: string) {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

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
      await admin(`create database "${databaseName}"`);
      const appEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        HOST: "127.0.0.1",
        CMS_URL: cmsUrl,
        CMS_READ_TOKEN: process.env.CMS_READ_TOKEN,
        CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET,
        SESSION_SECRET: process.env.SESSION_SECRET,
        DATABASE_URL: url.toString(),
        UPLOADS_DIR: path.join(work, "uploads"),
        OUTBOX_DIR: path.join(work, "outbox"),
      };
      await run("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], appEnv);
      ports.forEach((port, index) => {
        const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env: { ...appEnv, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
        child.stdout!.on("data", (chunk) => (output[index] += chunk));
        child.stderr!.on("data", (chunk) => (output[index] += chunk));
        instances.push(child);
      });
      for (const port of ports) {
        await waitFor(async () => (await get(port, "127.0.0.1", "/healthz", "").catch(() => ({ status: 0 }))).status === 200, { timeoutMs: 90_000, intervalMs: 250 });
      }
    }, 300_000);

    afterAll(async () => {
      await Promise.all(customers.map((each) => each.close()));
      await Promise.all(instances.map(stop));
      await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
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
      const client = new pg.Client({ connectionString: url.toString() });
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
