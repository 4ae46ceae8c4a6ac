import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { keepLanguageAcrossRedirects, locationKeepingLanguage, redirectKeepingLanguage } from "./language-redirects";

const HOST = "flickwerk.localhost:3000";

describe("where a redirect answering ?lng= leads", () => {
  const answer = (location: string | null, status = 302) => ({ status, location });
  const request = (url: string) => ({ url, host: HOST });

  it("carries the language onto a redirect within the site, keeping the target's own query and fragment", () => {
    expect(redirectKeepingLanguage(answer("/booking/device/make"), request("/booking/device/model?lng=de"))).toBe("/booking/device/make?lng=de");
    expect(redirectKeepingLanguage(answer("/booking/device/make?modal=make-unavailable", 303), request("/booking/device/model?make=99&kind=phone&lng=en"))).toBe(
      "/booking/device/make?modal=make-unavailable&lng=en",
    );
    expect(redirectKeepingLanguage(answer("/booking/payment?billing=edit#billing-panel"), request("/booking/checkout?lng=de"))).toBe(
      "/booking/payment?billing=edit&lng=de#billing-panel",
    );
    expect(redirectKeepingLanguage(answer(`http://${HOST}/manage`, 301), request("/manage/booking?lng=de"))).toBe(`http://${HOST}/manage?lng=de`);
  });

  it("leaves every other answer alone", () => {
    // No language, an unknown or mangled one, or two different ones.
    for (const url of ["/booking/device/model", "/booking/device/model?make=2", "/x?lng=fr", "/x?lng=DE", "/x?lng=de%00", "/x?lng=", "/x?lng=en&lng=de"]) {
      expect(redirectKeepingLanguage(answer("/booking/device/make"), request(url)), url).toBeNull();
    }
    // Not a redirect.
    expect(redirectKeepingLanguage(answer(null, 200), request("/x?lng=de"))).toBeNull();
    expect(redirectKeepingLanguage(answer("/y", 201), request("/x?lng=de"))).toBeNull();
    // A target naming a language of its own, or another site.
    expect(redirectKeepingLanguage(answer("/faqs?lng=en"), request("/x?lng=de"))).toBeNull();
    for (const location of ["https://repairs.example/", "//evil.example/booking", "/\\evil.example", "http://other.localhost:3000/", "mailto:help@example.com"]) {
      expect(redirectKeepingLanguage(answer(location), request("/x?lng=de")), location).toBeNull();
    }
  });

  it("reads a repeated language that agrees", () => {
    expect(locationKeepingLanguage("/booking/basket", "de", HOST)).toBe("/booking/basket?lng=de");
    expect(redirectKeepingLanguage(answer("/booking/basket"), request("/x?lng=de&lng=de"))).toBe("/booking/basket?lng=de");
  });
});

describe("the middleware, in front of handlers that redirect the way Remix does", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  async function start() {
    const app = express();
    app.use(keepLanguageAcrossRedirects());
    // @remix-run/express sends a loader's redirect by status and appended headers.
    app.get("/booking/device/model", (_request, response) => {
      response.status(302);
      response.append("Location", "/booking/device/make");
      response.append("Set-Cookie", "__booking=abc; Path=/");
      response.end();
    });
    app.get("/elsewhere", (_request, response) => response.redirect(302, "https://repairs.example/"));
    app.get("/page", (_request, response) => void response.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("rewrites the Location of a redirect answering ?lng=, and keeps its other headers", async () => {
    const base = await start();
    const redirected = await fetch(`${base}/booking/device/model?device=1&lng=de`, { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/booking/device/make?lng=de");
    expect(redirected.headers.getSetCookie()).toEqual(["__booking=abc; Path=/"]);
  });

  it("leaves a redirect without a language, one to another site and a page as they are", async () => {
    const base = await start();
    expect((await fetch(`${base}/booking/device/model?device=1`, { redirect: "manual" })).headers.get("location")).toBe("/booking/device/make");
    expect((await fetch(`${base}/booking/device/model?lng=xx`, { redirect: "manual" })).headers.get("location")).toBe("/booking/device/make");
    expect((await fetch(`${base}/elsewhere?lng=de`, { redirect: "manual" })).headers.get("location")).toBe("https://repairs.example/");
    const page = await fetch(`${base}/page?lng=de`, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("location")).toBeNull();
  });
});
