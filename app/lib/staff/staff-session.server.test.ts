import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isIdle, STAFF_COOKIE, staffSessionSecret, staffSessionStorage } from "./staff-session.server";

describe("staff session", () => {
  it("is an HttpOnly, SameSite=Lax cookie of its own that lives no longer than the idle window", async () => {
    const storage = staffSessionStorage();
    const session = await storage.getSession(null);
    session.set("staffId", "doc-1");
    const cookie = await storage.commitSession(session);
    expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=1800/);
    expect((await storage.getSession(cookie.split(";")[0])).get("staffId")).toBe("doc-1");
  });

  it("is signed with a key of its own: a cookie signed with the booking session's secret is not a staff session", async () => {
    const config = { SESSION_SECRET: "test-session-secret-0123456789" };
    expect(staffSessionSecret(config)).not.toBe(config.SESSION_SECRET);
    expect(staffSessionSecret(config)).toBe(staffSessionSecret(config));
    expect(staffSessionSecret({ ...config, STAFF_SESSION_SECRET: "own-staff-secret-0123456789" })).toBe("own-staff-secret-0123456789");

    const forger = createCookieSessionStorage({ cookie: { name: STAFF_COOKIE, secrets: ["dev-session-secret-change-me"] } });
    const forged = await forger.getSession(null);
    forged.set("staffId", "doc-1");
    const header = (await forger.commitSession(forged)).split(";")[0];
    expect((await staffSessionStorage().getSession(header)).get("staffId")).toBeUndefined();
  });

  it("ends after the idle window without a request", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(isIdle(now - 29 * 60_000, now, 30)).toBe(false);
    expect(isIdle(now - 31 * 60_000, now, 30)).toBe(true);
    expect(isIdle(undefined, now, 30)).toBe(true);
  });
});
