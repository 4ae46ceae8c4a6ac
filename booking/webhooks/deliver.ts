/**
 * One webhook POST (ADR 180), guarded against server-side request forgery: an operator with CMS
 * access must not make the engine call internal services. With `allowPrivate` off (production),
 * the host's addresses are resolved and every one must be public unicast; the connection is made to
 * the address that was checked (the check runs inside the socket's own lookup, so a name that
 * changes its answer between check and connect gains nothing). Redirects are not followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { checkWebhookUrl } from "@repair/rules/webhooks";

export interface WebhookPolicy {
  /** Refuse http:// (production). */
  httpsOnly: boolean;
  /** Allow loopback, private, link-local and other non-public addresses (tests, a developer's receiver). */
  allowPrivate: boolean;
  timeoutMs: number;
}

/** A delivery that must not be made at all (a refused URL or address): dead at once, never retried. */
export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRefusedError";
  }
}

/** Public unicast only: not loopback, private, link-local, carrier-grade NAT, multicast, reserved… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails when any address the name resolves to is not public. */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(new WebhookRefusedError(`refused: ${hostname} resolves to ${refused?.address ?? "nothing"}, not a public address`) as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** POSTs the body; resolves with the HTTP status (any), rejects on a refusal, a network error or the timeout. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, policy: WebhookPolicy): Promise<{ status: number }> {
  const checked = checkWebhookUrl(url, { production: policy.httpsOnly });
  if (!checked.ok) throw new WebhookRefusedError(`refused: the URL ${checked.reason}`);
  const target = new URL(checked.url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && isIP(host) && !isPublicAddress(host)) throw new WebhookRefusedError(`refused: ${host} is not a public address`);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: policy.allowPrivate ? undefined : (publicOnlyLookup as unknown as typeof dnsLookup),
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (response) => {
        // The answer's body is not read beyond draining it: only the status counts.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      if (error.name === "AbortError" || error.name === "TimeoutError") reject(new Error(`no answer within ${policy.timeoutMs} ms`));
      else reject(error);
    });
    request.end(body);
  });
}

/** The delay before the retry after try number `attempt` (1-based): the schedule's step, ±20 % jitter. */
export function webhookRetryDelayMs(scheduleMs: readonly number[], attempt: number, random: () => number = Math.random): number {
  if (scheduleMs.length === 0) return 0;
  const base = scheduleMs[Math.min(Math.max(attempt, 1), scheduleMs.length) - 1]!;
  return Math.round(base * (0.8 + 0.4 * random()));
}
