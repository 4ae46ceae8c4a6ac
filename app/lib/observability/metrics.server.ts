import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics (ADR 052), served on the private metrics listener only. The registry lives on
 * globalThis: server.ts and the Remix build are separate module graphs sharing one process.
 */
export type RouteGroup = "content" | "booking" | "manage" | "contact" | "api" | "assets";
export type BookingOutcome = "completed" | "paid" | "declined" | "failed";
export type PaymentOutcome = "approved" | "declined" | "failed";

/** A bounded label from the path: never the path itself (ids, e-mails and slugs would explode it). */
export function routeGroupOf(pathname: string): RouteGroup {
  const path = pathname.replace(/\.data$/, "");
  if (/^\/(assets|build|favicon|fonts|images)(\/|\.|$)/.test(path) || /\.[a-z0-9]{1,5}$/i.test(path)) return "assets";
  if (/^\/booking(\/|$)/.test(path)) return "booking";
  if (/^\/(manage|my)(\/|$)/.test(path)) return "manage";
  if (/^\/contact(\/|$)/.test(path)) return "contact";
  if (/^\/(api|healthz|readyz)(\/|$)/.test(path)) return "api";
  return "content";
}

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests by route group, method and status class",
      labelNames: ["group", "method", "status"] as const,
      registers: [registry],
    }),
    latency: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency by route group",
      labelNames: ["group"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    bookings: new Counter({
      name: "bookings_total",
      help: "Booking outcomes (completed without payment, paid, declined, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: "payments_total",
      help: "Payment attempts by method and outcome",
      labelNames: ["method", "outcome"] as const,
      registers: [registry],
    }),
    cms: new Counter({
      name: "cms_cache_total",
      help: "Content cache reads: hit (fresh), stale (served while refreshing), miss (waited for the CMS)",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    cmsErrors: new Counter({
      name: "cms_errors_total",
      help: "Failed CMS requests",
      registers: [registry],
    }),
    cspReports: new Counter({
      name: "csp_reports_total",
      help: "Content-Security-Policy violation reports received",
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const KEY = Symbol.for("repair.observability.metrics");

export function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

export function observeRequest(input: { pathname: string; method: string; status: number; seconds: number }): void {
  const group = routeGroupOf(input.pathname);
  const method = ["GET", "HEAD", "POST"].includes(input.method) ? input.method : "OTHER";
  metrics().requests.inc({ group, method, status: `${Math.floor(input.status / 100)}xx` });
  metrics().latency.observe({ group }, input.seconds);
}

export function countBooking(outcome: BookingOutcome): void {
  metrics().bookings.inc({ outcome });
}

/** method: card, paypal, pay_later, pay_later_instalments (any other value counts as "other"). */
export function countPayment(method: string, outcome: PaymentOutcome): void {
  const known = ["card", "paypal", "pay_later", "pay_later_instalments"].includes(method) ? method : "other";
  metrics().payments.inc({ method: known, outcome });
}

export function countCmsCache(result: "hit" | "stale" | "miss"): void {
  metrics().cms.inc({ result });
}

export function countCmsError(): void {
  metrics().cmsErrors.inc();
}

export function countCspReport(count = 1): void {
  metrics().cspReports.inc(count);
}

/**
 * One charge's outcome: approved (the booking is paid), declined by the provider, or failed
 * otherwise. A duplicate submission of a booking already paid (BK07) is not a new outcome.
 */
export function countCharge(method: string, error?: unknown): void {
  if (error === undefined) {
    countPayment(method, "approved");
    countBooking("paid");
    return;
  }
  const code = error && typeof error === "object" && "code" in error ? error.code : undefined;
  if (code === "BK07") return;
  const declined = code === "PAYMENT_DECLINED" || code === "PAYMENT_CARD_ERROR";
  countPayment(method, declined ? "declined" : "failed");
  countBooking(declined ? "declined" : "failed");
}
