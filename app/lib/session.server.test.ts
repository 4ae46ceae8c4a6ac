import { afterEach, describe, expect, it, vi } from "vitest";
import { inResponseScope } from "~/lib/http/response-scope.server";
import { getSession, sessionDay } from "./session.server";

const url = "http://patchpoint.localhost/booking/basket";
const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(";")[0]).join("; ");
const bookingCookies = (cookies: string[]) => cookies.filter((cookie) => cookie.startsWith("__booking="));

/** One GET of a booked step: the session read (as every booked loader does) and nothing changed. */
async function view(cookie: string | undefined): Promise<{ cookies: string[]; bookingRef: string | undefined }> {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const { value, cookies } = await inResponseScope(async () => (await getSession(request)).get("bookingRef"));
  return { cookies: bookingCookies(cookies), bookingRef: value };
}

/** The visitor's booking begins: the answer sets the session. */
async function begin(): Promise<string> {
  const { cookies } = await inResponseScope(async () => {
    (await getSession(new Request("http://patchpoint.localhost/booking/postcode-search"))).set("bookingRef", "B-ROLL-1");
  });
  expect(bookingCookies(cookies)).toHaveLength(1);
  return cookieHeader(cookies);
}

describe("the booking session rolls at most once a day (ADR 220 step 1, ADR 223)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sets no cookie on a repeat view the same day, and rolls its 30 days on the first view of a later day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T09:00:00Z"));
    const cookie = await begin();

    // Two GETs of a booked step in a row: the booking is read, neither sets a cookie.
    for (const _ of [1, 2]) {
      const answer = await view(cookie);
      expect(answer.bookingRef).toBe("B-ROLL-1");
      expect(answer.cookies).toEqual([]);
    }

    // A day later the first view rolls the cookie (a fresh Max-Age of 30 days), the next one does not.
    vi.setSystemTime(new Date("2026-11-28T00:00:01Z"));
    const rolled = await view(cookie);
    expect(rolled.bookingRef).toBe("B-ROLL-1");
    expect(rolled.cookies).toHaveLength(1);
    expect(rolled.cookies[0]).toMatch(/Max-Age=2592000/);
    const next = cookieHeader(rolled.cookies);
    const again = await view(next);
    expect(again).toEqual({ cookies: [], bookingRef: "B-ROLL-1" });
  });

  it("stamps the day when the data changes, and writes again whenever the data changes the same day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T09:00:00Z"));
    const cookie = await begin();
    const request = new Request(url, { headers: { Cookie: cookie } });
    const { cookies } = await inResponseScope(async () => {
      const session = await getSession(request);
      expect(session.get("writtenOn")).toBe(sessionDay());
      session.unset("bookingRef");
    });
    expect(bookingCookies(cookies)).toHaveLength(1);
    expect(await view(cookieHeader(bookingCookies(cookies)))).toEqual({ cookies: [], bookingRef: undefined });
  });

  it("writes nothing for a first visitor without a booking or a session cookie", async () => {
    expect(await view(undefined)).toEqual({ cookies: [], bookingRef: undefined });
  });
});
