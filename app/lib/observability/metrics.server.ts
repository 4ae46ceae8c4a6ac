import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { EngineOutcomes, MessageOutcome, MessageOutcomeEvent, PaymentOutcomeEvent } from "../../booking.server";

/**
 * Prometheus metrics (ADR 052), served on the private metrics listener only: one registry per process.
 */
export type RouteGroup = "content" | "booking" | "manage" | "contact" | "api" | "assets";
export type BookingOutcome = "completed" | "paid" | "declined" | "failed";
export type PaymentOutcome = PaymentOutcomeEvent["outcome"];

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
    messages: new Counter({
      name: "messages_sent_total",
      help: "Scheduled customer message tries by channel, kind and outcome (sent, retried, dead, skipped)",
      labelNames: ["channel", "kind", "outcome"] as const,
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
let processMetrics: Metrics | undefined;

export function metrics(): Metrics {
  return (processMetrics ??= createMetrics());
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

/** The message kinds a label may carry (ADR 152); anything else would be a bug, counted as "other". */
const MESSAGE_KIND = /^[a-z][a-z0-9-]{0,40}$/;
const MESSAGE_CHANNELS = new Set(["email", "sms"]);
const MESSAGE_OUTCOMES = new Set<MessageOutcome>(["sent", "retried", "dead", "skipped"]);

export function countMessage(event: Pick<MessageOutcomeEvent, "channel" | "kind" | "outcome">): void {
  if (!MESSAGE_OUTCOMES.has(event.outcome)) return;
  metrics().messages.inc({
    channel: MESSAGE_CHANNELS.has(event.channel) ? event.channel : "other",
    kind: MESSAGE_KIND.test(event.kind) ? event.kind : "other",
    outcome: event.outcome,
  });
}

/**
 * One charge's outcome as the engine reports it (ADR 152), once per real event: approved (the
 * booking is paid, by the one request that completed the order), declined by the provider, or
 * failed otherwise. A duplicate submission, or one that waited for another's payment, reports nothing.
 */
export function countPaymentOutcome(event: Pick<PaymentOutcomeEvent, "method" | "outcome">): void {
  countPayment(event.method, event.outcome);
  countBooking(event.outcome === "approved" ? "paid" : event.outcome);
}

/** What the engine reports to the app's counters (passed to composeEngine in app/booking.server.ts). */
export const engineOutcomeCounters: EngineOutcomes = {
  payment: countPaymentOutcome,
  message: countMessage,
};
