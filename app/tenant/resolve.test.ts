import { describe, expect, it } from "vitest";
import { carrierOwningHost, normaliseHost, resolveTenant } from "./resolve";

const carriers = [
  { code: "alpha", domains: ["repairs.alpha.example", "alpha.localhost"] },
  { code: "beta-north", domains: ["beta-north.example"] },
  { code: "www", domains: [] },
];

describe("normaliseHost", () => {
  it("lower-cases and strips the port and a trailing dot", () => {
    expect(normaliseHost("Repairs.Alpha.Example:3000")).toBe("repairs.alpha.example");
    expect(normaliseHost("beta-north.example.")).toBe("beta-north.example");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
  });

  it("takes the first of a comma-separated forwarded list", () => {
    expect(normaliseHost("beta-north.example, proxy.internal")).toBe("beta-north.example");
  });

  it("rejects empty and malformed hosts", () => {
    expect(normaliseHost("")).toBeNull();
    expect(normaliseHost(null)).toBeNull();
    expect(normaliseHost("evil host/<script>")).toBeNull();
  });
});

describe("resolveTenant", () => {
  it("matches a carrier by one of its domains", () => {
    const result = resolveTenant("repairs.alpha.example", carriers);
    expect(result.carrier?.code).toBe("alpha");
    expect(result.carrier && result.via).toBe("domain");
  });

  it("resolves the development form <code>.localhost", () => {
    const result = resolveTenant("beta-north.localhost:3000", carriers);
    expect(result.carrier?.code).toBe("beta-north");
    expect(result.carrier && result.via).toBe("dev-subdomain");
  });

  it("never lets a reserved sub-domain name a carrier", () => {
    expect(resolveTenant("www.localhost", carriers).carrier).toBeNull();
  });

  it("gives the configured default carrier to an unknown host", () => {
    const result = resolveTenant("unknown.example", carriers, "beta-north");
    expect(result.carrier?.code).toBe("beta-north");
    expect(result.carrier && result.via).toBe("default");
  });

  it("gives nothing to an unknown host when no default is configured, or the default is unknown", () => {
    expect(resolveTenant("unknown.example", carriers).carrier).toBeNull();
    expect(resolveTenant("unknown.example", carriers, "gone").carrier).toBeNull();
  });

  it("prefers an exact domain over the development form", () => {
    const result = resolveTenant("alpha.localhost", [
      { code: "other", domains: ["alpha.localhost"] },
      { code: "alpha", domains: [] },
    ]);
    expect(result.carrier?.code).toBe("other");
  });
});

describe("carrierOwningHost (the partner API's key and host, ADR 254)", () => {
  it("names the carrier of a domain or of its development form, however the host is written", () => {
    expect(carrierOwningHost("REPAIRS.ALPHA.EXAMPLE.:443", carriers)?.code).toBe("alpha");
    expect(carrierOwningHost("beta-north.localhost:3000", carriers)?.code).toBe("beta-north");
    expect(carrierOwningHost("beta-north.example, repairs.alpha.example", carriers)?.code).toBe("beta-north");
  });

  it("names none for an address, an unknown or reserved name, or no host: never the default carrier", () => {
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "app.internal", "www.localhost", "", null, undefined]) expect(carrierOwningHost(host, carriers), String(host)).toBeNull();
  });
});
