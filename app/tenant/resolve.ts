/**
 * Host header → carrier, in one pure function (the tenant is resolved nowhere else).
 *
 * Order: an exact domain of a carrier; then the development form `<code>.localhost`; then the
 * configured default carrier. Reserved sub-domains never name a carrier.
 */
export interface TenantCandidate {
  code: string;
  domains: string[];
}

const RESERVED = new Set(["www", "cms", "admin", "api", "assets", "static", "mail"]);

export function normaliseHost(rawHost: string | null | undefined): string | null {
  if (!rawHost) return null;
  const host = rawHost.split(",")[0]!.trim().toLowerCase();
  // [::1]:3000 → [::1]; example.com:3000 → example.com
  const withoutPort = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
  const withoutDot = withoutPort.replace(/\.$/, "");
  if (!withoutDot || !/^[a-z0-9.\-[\]:]+$/.test(withoutDot)) return null;
  return withoutDot;
}

export type Resolution<T> = { carrier: T; via: "domain" | "dev-subdomain" | "default" } | { carrier: null };

export function resolveTenant<T extends TenantCandidate>(rawHost: string | null | undefined, carriers: readonly T[], defaultCarrierCode?: string): Resolution<T> {
  const host = normaliseHost(rawHost);
  if (host) {
    const byDomain = carriers.find((carrier) => carrier.domains.includes(host));
    if (byDomain) return { carrier: byDomain, via: "domain" };

    const dev = /^([a-z0-9][a-z0-9-]*)\.localhost$/.exec(host);
    if (dev && !RESERVED.has(dev[1]!)) {
      const byCode = carriers.find((carrier) => carrier.code === dev[1]);
      if (byCode) return { carrier: byCode, via: "dev-subdomain" };
    }
  }
  if (defaultCarrierCode) {
    const fallback = carriers.find((carrier) => carrier.code === defaultCarrierCode);
    if (fallback) return { carrier: fallback, via: "default" };
  }
  return { carrier: null };
}

/**
 * The carrier whose own host this is (one of its domains, or `<code>.localhost`), never the
 * DEFAULT_CARRIER fallback: the partner API refuses another carrier's key there (ADR 254), and a host
 * that is no carrier's (an address, an internal name) names none.
 */
export function carrierOwningHost<T extends TenantCandidate>(rawHost: string | null | undefined, carriers: readonly T[]): T | null {
  return resolveTenant(rawHost, carriers).carrier;
}
