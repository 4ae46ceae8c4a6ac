/**
 * One way to answer with a session change or a toast (ADR 163): the response scope commits every
 * changed session, flashed toast and plain cookie after the handler, so no route can forget to. This
 * guards it: no module under app/ but the scope commits or destroys a session, serializes a cookie
 * or writes a `Set-Cookie` header itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.join(process.cwd(), "app");
const SCOPE = path.join(APP, "lib", "http", "response-scope.server.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const BY_HAND = [
  { rule: "commits a session", pattern: /\b(?:commitSession|destroySession)\s*\(/ },
  { rule: "serializes a cookie", pattern: /\.serialize\s*\(/ },
  { rule: "appends Set-Cookie", pattern: /\.(?:append|set)\(\s*["'`]set-cookie["'`]/i },
  { rule: "writes a Set-Cookie header", pattern: /["'`]set-cookie["'`]\s*:|\[\s*["'`]set-cookie["'`]\s*,/i },
];

describe("committing sessions and toasts", () => {
  const files = sourceFiles(APP);

  it("finds the files it guards, the scope among them", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(SCOPE);
  });

  it("leaves every commit and every Set-Cookie to the response scope", () => {
    const byHand = files
      .filter((file) => file !== SCOPE)
      .flatMap((file) => {
        const source = readFileSync(file, "utf8");
        return BY_HAND.filter(({ pattern }) => pattern.test(source)).map(({ rule }) => `${path.relative(APP, file)} ${rule}`);
      });
    expect(byHand).toEqual([]);
  });

  it("catches each way of doing it by hand", () => {
    const samples = [
      `headers.append("Set-Cookie", await storage.commitSession(session))`,
      `await staffSessionStorage().destroySession(session)`,
      `{ headers: { "Set-Cookie": cookie } }`,
      `await localeCookie.serialize(locale)`,
      `new Headers([["set-cookie", value]])`,
      `headers.set("Set-Cookie", value)`,
    ];
    for (const sample of samples)
      expect(
        BY_HAND.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});
