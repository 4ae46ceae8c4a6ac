import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, loggablePath, requestScope } from "./logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: createLogger({ level: "info", destination }), lines };
}

describe("the app's log", () => {
  it("puts the request's id on every line logged while serving it", async () => {
    const { log, lines } = capture();
    await requestScope().run({ requestId: "req-12345678" }, async () => {
      await Promise.resolve();
      log.info("inside");
    });
    log.info("outside");
    expect(lines[0]).toMatchObject({ level: "info", requestId: "req-12345678", msg: "inside" });
    expect(lines[1]).not.toHaveProperty("requestId");
  });

  it("never writes cookies, authorisation headers, secrets or card data", () => {
    const { log, lines } = capture();
    log.info({
      req: { headers: { cookie: "__session=abc", authorization: "Bearer t0ken" } },
      payment: { nonce: "fake-valid-visa-nonce", cardNumber: "4111111111111111", cvv: "123" },
      config: { password: "hunter2", secret: "s3cret", token: "tok" },
    });
    const line = JSON.stringify(lines[0]);
    for (const leaked of ["__session=abc", "Bearer t0ken", "fake-valid-visa-nonce", "4111111111111111", "hunter2", "s3cret", '"tok"']) {
      expect(line).not.toContain(leaked);
    }
    expect(line).toContain("[redacted]");
  });

  it("logs paths without query strings and without the tracking link's e-mail and order reference", () => {
    expect(loggablePath("/booking/continue?code=secret")).toBe("/booking/continue");
    // The partner API's key query parameter (ADR 171) never reaches a log line.
    expect(loggablePath("/api/v4/wefix-booking/build?key=rpk_0123456789abcdef_secret")).toBe("/api/v4/wefix-booking/build");
    expect(loggablePath("/my/technician/jane%40example.com/10042/location")).toBe("/my/technician/:email/:orderRef/location");
  });
});
