import dnsPromises, { Resolver } from "node:dns/promises";
import { z } from "zod";
import type { Engine } from "~/booking.server";
import type { Carrier } from "~/content/schemas";
import { signedRequestUrl } from "~/lib/webhook-signature.server";
import { certifiableDomain } from "./domain-name";

const carrierCode = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

const viewQuery = z.strictObject({ carrier: carrierCode });
const postcodeQuery = z.strictObject({ carrier: carrierCode, postcode: z.string().trim().min(1).max(20) });

export interface CarrierSetupDeps {
  engine: () => Promise<Pick<Engine, "operations">>;
  /** The carriers the app serves (published in the CMS): the TLS ask's list (ADR 103). */
  carriers: () => Promise<Carrier[]>;
  /** CMS_WEBHOOK_SECRET: the CMS signs "<path>?<query>" with it (ADR 079). */
  secret: string;
  /** PUBLIC_ADDRESSES: this deployment's public IPs; empty: no verdict on where a domain points. */
  publicAddresses: readonly string[];
  /** A name's A and AAAA addresses; [] when it does not resolve. */
  resolve?: (name: string) => Promise<string[]>;
}

export interface DomainCheck {
  domain: string;
  /** Whether /internal/tls-allowed would let the proxy get a certificate for it. */
  tlsAllowed: boolean;
  /** What the name resolves to; null when the lookup failed or timed out. */
  addresses: string[] | null;
  /** Whether one of those is this deployment's; null when PUBLIC_ADDRESSES is not set or the lookup failed. */
  pointsHere: boolean | null;
}

/** One try of 2 s per query: a slow resolver is "cannot tell", not a hanging page. */
const resolver = new Resolver({ timeout: 2000, tries: 1 });

/** The resolver's answers that mean "no such records" (NXDOMAIN, NODATA): Node's DNS error codes, not the engine's. */
const NO_RECORDS: ReadonlySet<string | undefined> = new Set([dnsPromises.NOTFOUND, dnsPromises.NODATA]);

/** A and AAAA of a name; NXDOMAIN/NODATA are no addresses, a timeout or server failure rejects ("cannot tell"). */
async function resolveBoth(name: string): Promise<string[]> {
  const settle = (lookup: Promise<string[]>) =>
    lookup.catch((error: NodeJS.ErrnoException) => {
      if (NO_RECORDS.has(error.code)) return [] as string[];
      throw error;
    });
  const [v4, v6] = await Promise.all([settle(resolver.resolve4(name)), settle(resolver.resolve6(name))]);
  return [...v4, ...v6];
}

/** The domain rows of the checklist: the TLS ask's answer and where DNS points, one lookup per name. */
export async function checkDomains(domains: readonly string[], carriers: Carrier[], deps: Pick<CarrierSetupDeps, "publicAddresses" | "resolve">): Promise<DomainCheck[]> {
  const resolve = deps.resolve ?? resolveBoth;
  return Promise.all(
    domains.map(async (domain): Promise<DomainCheck> => {
      const name = certifiableDomain.safeParse(domain);
      const tlsAllowed = name.success && carriers.some((carrier) => carrier.domains.includes(name.data));
      const addresses = name.success ? await resolve(name.data).catch(() => null) : null;
      const pointsHere = addresses === null || deps.publicAddresses.length === 0 ? null : addresses.some((address) => deps.publicAddresses.includes(address));
      return { domain, tlsAllowed, addresses, pointsHere };
    }),
  );
}

/**
 * Issue 24 item 2 (ADR 195, 196), for the CMS's setup checklist over the signed channel:
 * `GET ?carrier=` the engine's view of the carrier (synced, last sync, revision, bookable now) and its
 * domains (TLS ask, DNS); `GET ?carrier=&postcode=` the postcode tester's answer, by the customers'
 * rules. A carrier the app does not serve (unpublished) is `known: false`; the tester answers 404 for it.
 */
export async function handleCarrierSetup(request: Request, deps: CarrierSetupDeps): Promise<Response> {
  const url = signedRequestUrl(request, deps.secret);
  if (!url) return Response.json({ error: "invalid signature" }, { status: 401 });
  if (request.method !== "GET") return Response.json({ error: "GET only" }, { status: 405 });
  const params = Object.fromEntries(url.searchParams);
  const tester = "postcode" in params;
  const parsed = tester ? postcodeQuery.safeParse(params) : viewQuery.safeParse(params);
  if (!parsed.success) return Response.json({ error: "carrier (a code) is required; postcode (up to 20 characters) is optional" }, { status: 400 });
  const carriers = await deps.carriers();
  const carrier = carriers.find((candidate) => candidate.code === parsed.data.carrier);
  const engine = await deps.engine();
  if (tester) {
    if (!carrier) return Response.json({ error: "the app does not serve this carrier (is its entry published?)" }, { status: 404 });
    return Response.json({ answer: await engine.operations.testPostcode(carrier, { postcode: (parsed.data as z.infer<typeof postcodeQuery>).postcode }) });
  }
  if (!carrier) return Response.json({ known: false, engine: null, domains: [] });
  const [view, domains] = await Promise.all([engine.operations.carrierSetupView(carrier), checkDomains(carrier.domains, carriers, deps)]);
  return Response.json({ known: true, engine: view, domains });
}
