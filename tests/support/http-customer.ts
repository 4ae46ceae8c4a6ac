/**
 * A customer without a browser (issue 22): books and pays over plain HTTP the way a browser without
 * JavaScript does, since the site works without it (every step is an HTML form posting to a Remix
 * action). It keeps its cookies, follows redirects itself, reads each step's form from the HTML
 * (hidden fields included) and posts it as the browser would, answering the device steps as
 * tests/support/booking-journey.ts's `bookingWithDevice` does in Chromium: warranty no, insurance
 * no, a faulty device, a screen replacement, no damage, no extras; then the first available day,
 * the details, checkout and the offline card form's approved test card (ADR 141).
 *
 * Retrying as a browser would: a request that fails at the network level, or is answered 502, 503
 * or 504 (a proxy whose upstream died, the branded page while the database is away), is sent again
 * after a short pause with the same method and body: a reload for a GET, a resubmit of the same
 * form for a POST. Bounded by `retryForMs` per request. Every try and retry is counted (`stats`),
 * so a fault suite can print them.
 *
 * Transport: undici's fetch (the one inside Node) with a dispatcher. `createHttpCustomer` connects
 * every host name to the origin's address (`connectTo`), so `http://<code>.localhost:PORT` or
 * `https://<carrier domain>:PORT` reach a local app or proxy with the real Host, Origin and TLS
 * server name; pass `ca` for a private CA (Caddy's internal one), or a `dispatcher`/`fetch` of your own.
 */
import { readFileSync } from "node:fs";
import type { LookupFunction } from "node:net";
import path from "node:path";
import { Agent, fetch as undiciFetch, type Dispatcher } from "undici";
import { z } from "zod";

/* ───────────── options and state ───────────── */

export interface CustomerCarrier {
  code: string;
  countryCode: string;
}

export interface HttpCustomerOptions {
  /** Where the customer's browser points: `http://<code>.localhost:3130`, `https://fix.example:8443`. */
  origin: string;
  /** The carrier being booked (its code picks the covered postcode of its seed file). */
  carrier: CustomerCarrier;
  /**
   * The address every host name connects to (default: the origin's own host name, resolved as usual).
   * `127.0.0.1` lets `*.localhost` and carrier domains reach a local app or proxy.
   */
  connectTo?: string;
  /** PEM of a private CA the TLS server's certificate is signed by (e.g. Caddy's local CA root). */
  ca?: string | Buffer;
  /** An undici dispatcher of your own (replaces connectTo and ca). */
  dispatcher?: Dispatcher;
  /** A fetch of your own (must support `redirect: "manual"` and `headers.getSetCookie()`). */
  fetch?: (url: string, init: RequestInit & { dispatcher?: Dispatcher }) => Promise<Response>;
  /** How long one request is tried again after network errors and 502/503/504 (default 30 s). */
  retryForMs?: number;
  /** The pause before a retry (default 500 ms, doubling to 2 s). */
  retryDelayMs?: number;
  /** One try's time limit (default 30 s): a replica killed mid-request may leave the socket open. */
  requestTimeoutMs?: number;
  /** Accept-Language of the browser (default en-GB). */
  language?: string;
}

export interface CustomerStats {
  /** Every request sent, retries included. */
  tries: number;
  /** Requests sent again after a network error or a 502/503/504. */
  retries: number;
  /** What caused each retry (`ECONNRESET`, `502`, …), by count. */
  causes: Record<string, number>;
}

export interface HttpCustomer {
  readonly origin: string;
  readonly carrier: CustomerCarrier;
  readonly cookies: Map<string, string>;
  readonly stats: CustomerStats;
  /** A page as the browser ends on it after following redirects. */
  get(pathOrUrl: string): Promise<Page>;
  /** A form post (urlencoded), redirects followed. */
  post(pathOrUrl: string, body: FormBody): Promise<Page>;
  close(): Promise<void>;
}

export interface Page {
  url: URL;
  status: number;
  html: string;
}

export type FormBody = [string, string][];

const DEFAULTS = { retryForMs: 30_000, retryDelayMs: 500, requestTimeoutMs: 30_000, language: "en-GB" };
const RETRY_STATUSES = new Set([502, 503, 504]);
const MAX_REDIRECTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A dispatcher that connects every host name to `address` (TLS keeps the real server name), trusting `ca`. */
export function connectingDispatcher({ address, ca }: { address?: string; ca?: string | Buffer }): Agent {
  return new Agent({
    connect: {
      ...(ca ? { ca } : {}),
      ...(address
        ? {
            lookup: ((_host, options, callback) => {
              const family = address.includes(":") ? 6 : 4;
              if (options?.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
              else callback(null, address, family);
            }) as LookupFunction,
          }
        : {}),
    },
  });
}

export function createHttpCustomer(options: HttpCustomerOptions): HttpCustomer {
  const settings = { ...DEFAULTS, ...options };
  const origin = new URL(options.origin).origin;
  const ownDispatcher = options.dispatcher || options.fetch ? null : connectingDispatcher({ address: options.connectTo, ca: options.ca });
  const dispatcher = options.dispatcher ?? ownDispatcher ?? undefined;
  const doFetch = options.fetch ?? (undiciFetch as unknown as NonNullable<HttpCustomerOptions["fetch"]>);
  const cookies = new Map<string, string>();
  const stats: CustomerStats = { tries: 0, retries: 0, causes: {} };

  function keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      if (at < 1) continue;
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw = ""] = attribute.split("=");
        const lower = key!.trim().toLowerCase();
        return (lower === "max-age" && Number(raw) <= 0) || (lower === "expires" && Date.parse(raw) < Date.now());
      });
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** One request, sent again (same method, same body) after a network error or 502/503/504. */
  async function send(method: "GET" | "POST", url: URL, body?: FormBody): Promise<Response> {
    const deadline = Date.now() + settings.retryForMs;
    let pause = settings.retryDelayMs;
    for (;;) {
      stats.tries += 1;
      let cause: string;
      try {
        const headers: Record<string, string> = { accept: "text/html,application/xhtml+xml", "accept-language": settings.language };
        if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
        if (method === "POST") {
          headers["content-type"] = "application/x-www-form-urlencoded";
          headers.origin = origin;
        }
        const response = await doFetch(url.href, {
          method,
          headers,
          body: body ? new URLSearchParams(body).toString() : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(settings.requestTimeoutMs),
          ...(dispatcher ? { dispatcher } : {}),
        });
        // An answer to keep: anything but a proxy's or the branded page's 502/503/504, or the last try's.
        if (!RETRY_STATUSES.has(response.status) || Date.now() + pause > deadline) {
          keepCookies(response);
          return response;
        }
        await response.arrayBuffer().catch(() => undefined);
        cause = String(response.status);
      } catch (error) {
        const failure = error as { name?: string; cause?: { code?: string }; code?: string };
        cause = failure.cause?.code ?? failure.code ?? failure.name ?? "network";
        if (Date.now() + pause > deadline) throw new Error(`${method} ${url.pathname}: no answer within ${settings.retryForMs} ms (${cause})`, { cause: error });
      }
      stats.retries += 1;
      stats.causes[cause] = (stats.causes[cause] ?? 0) + 1;
      await sleep(pause);
      pause = Math.min(pause * 2, 2_000);
    }
  }

  async function navigate(method: "GET" | "POST", target: string, body?: FormBody): Promise<Page> {
    const deadline = Date.now() + settings.retryForMs;
    let url = new URL(target, origin);
    let lastMethod = method;
    let response = await send(method, url, body);
    for (let reloads = 0; ; reloads += 1) {
      for (let hops = 0; response.status >= 300 && response.status < 400; hops += 1) {
        const location = response.headers.get("location");
        await response.arrayBuffer().catch(() => undefined);
        if (!location || hops >= MAX_REDIRECTS) throw new Error(`${url.pathname}: ${response.status} redirect without an end`);
        url = new URL(location, url);
        // A redirect after a post is followed with a GET (303, and browsers do the same for 301/302).
        lastMethod = "GET";
        response = await send("GET", url);
      }
      // A page cut off mid-stream (the replica died while sending it): the browser shows half a page
      // and the customer reloads it (or sends the form again when the answer to the post was cut).
      const html = await response.text().catch(() => null);
      // (Remix streams deferred data as scripts after </html>: any </html> means the document arrived.)
      const whole = html !== null && (!/^\s*<!DOCTYPE html/i.test(html) || /<\/html>/i.test(html));
      if (whole || Date.now() > deadline) {
        if (html === null) throw new Error(`${lastMethod} ${url.pathname}: the page was cut off`);
        return { url, status: response.status, html };
      }
      stats.retries += 1;
      stats.causes["cut-off"] = (stats.causes["cut-off"] ?? 0) + 1;
      await sleep(settings.retryDelayMs);
      response = lastMethod === "GET" ? await send("GET", url) : await send("POST", url, body);
    }
  }

  return {
    origin,
    carrier: options.carrier,
    cookies,
    stats,
    get: (target) => navigate("GET", target),
    post: (target, body) => navigate("POST", target, body),
    close: async () => {
      await ownDispatcher?.close();
    },
  };
}

/* ───────────── reading the HTML ───────────── */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") return String.fromCodePoint(entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (
      name ===
        tag
          .slice(1)
          .split(/[\s/>]/)[0]!
          .toLowerCase() &&
      match.index === 1
    )
      continue;
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

export interface FormField {
  tag: "input" | "button" | "select" | "textarea";
  name: string;
  type: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  /** The HTML from the start of the form to this field (to find the label or block it sits in). */
  before: string;
}

export interface HtmlForm {
  method: string;
  action: string;
  attributes: Record<string, string>;
  html: string;
  fields: FormField[];
}

/** The page's forms, their fields in document order. */
export function parseForms(html: string, pageUrl: URL): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const formHtml = match[0];
    const open = formHtml.slice(0, formHtml.indexOf(">") + 1);
    const attributes = attributesOf(open);
    const fields: FormField[] = [];
    for (const field of formHtml.matchAll(/<(input|button|select|textarea)\b[^>]*>/gi)) {
      const tag = field[1]!.toLowerCase() as FormField["tag"];
      const fieldAttributes = attributesOf(field[0]);
      if (!fieldAttributes.name) continue;
      let value = fieldAttributes.value ?? "";
      const rest = formHtml.slice(field.index! + field[0].length);
      if (tag === "select") {
        const options = rest.slice(0, rest.search(/<\/select>/i));
        const chosen = [...options.matchAll(/<option\b[^>]*>/gi)].map((option) => attributesOf(option[0]));
        value = (chosen.find((option) => "selected" in option) ?? chosen[0])?.value ?? "";
      } else if (tag === "textarea") value = decodeEntities(rest.slice(0, rest.search(/<\/textarea>/i)));
      fields.push({
        tag,
        name: fieldAttributes.name,
        type: (fieldAttributes.type ?? (tag === "button" ? "submit" : "text")).toLowerCase(),
        value,
        checked: "checked" in fieldAttributes,
        disabled: "disabled" in fieldAttributes,
        before: formHtml.slice(0, field.index!),
      });
    }
    forms.push({
      method: (attributes.method ?? "get").toLowerCase(),
      action: new URL(attributes.action || pageUrl.pathname + pageUrl.search, pageUrl).href,
      attributes,
      html: formHtml,
      fields,
    });
  }
  return forms;
}

/**
 * What the browser sends for a form without any change: hidden and text fields, checked boxes and
 * radios, selects; not buttons (only the one pressed is sent), not disabled fields.
 */
export function defaultBody(form: HtmlForm): FormBody {
  return form.fields
    .filter((field) => !field.disabled && field.tag !== "button" && !["submit", "button", "reset", "image", "file"].includes(field.type))
    .filter((field) => !["radio", "checkbox"].includes(field.type) || field.checked)
    .map((field) => [field.name, field.value]);
}

/** `body` with `name` set to `value` (every earlier value of it replaced). */
export function setField(body: FormBody, name: string, value: string): FormBody {
  return [...body.filter(([key]) => key !== name), [name, value]];
}

/** The value of a data-testid'd element's text (first match), tags stripped. */
export function testIdText(html: string, testId: string): string | null {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match ? decodeEntities(match[2]!.replace(/<[^>]+>/g, "")).trim() : null;
}

/* ───────────── the booking journey ───────────── */

export class JourneyError extends Error {
  constructor(step: string, page: Page, detail: string) {
    const alert = /role="alert"[^>]*>([\s\S]*?)<\//
      .exec(page.html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim();
    // What the customer saw: the main content's text, shortened.
    const main = /<main[\s\S]*?<\/main>/.exec(page.html)?.[0] ?? page.html;
    const seen = main
      .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 400);
    super(`${step}: ${detail} (at ${page.url.pathname}${page.url.search}, status ${page.status}${alert ? `, alert: ${alert}` : ""}; page: ${seen})`);
  }
}

interface EngineSeed {
  service_areas: { postcode_prefixes: string[] }[];
}

/** A postcode in the carrier's first service area, from its seed file (as booking-journey.ts builds it). */
export function coveredPostcodeOf(carrier: CustomerCarrier): string {
  const seed = JSON.parse(readFileSync(path.join(process.cwd(), "tenants", carrier.code, "engine.json"), "utf8")) as EngineSeed;
  const prefix = seed.service_areas[0]!.postcode_prefixes[0]!;
  return carrier.countryCode === "DE" ? prefix.padEnd(5, "1") : `${prefix} 1AA`;
}

const PHONE: Record<string, string> = { GB: "07700 900123", DE: "030 12345678", US: "212 555 0123" };
const TOWN: Record<string, string> = { GB: "London", DE: "Berlin", US: "New York" };

export const bookingInput = z.object({
  email: z.email(),
  postcode: z.string().min(1).optional(),
  /** The catalogue's iPhone 16 Pro Max (make 2), which every phone carrier offers. */
  model: z.number().int().positive().default(101),
  make: z.number().int().positive().default(2),
  firstName: z.string().default("Ada"),
  lastName: z.string().default("Lovelace"),
  line1: z.string().default("10 Example Street"),
  /** The day to book (YYYY-MM-DD); default the first available one. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** The offline card form's choice (payment.ts `sandboxPaymentOptions`). */
  card: z.string().default("card-valid"),
});

export type BookingInput = z.input<typeof bookingInput>;

export interface BookedByHttp {
  orderRef: string;
  email: string;
  /** The repair day (YYYY-MM-DD). */
  date: string;
  /** The technician's window the complete page shows ('12:30–13:30'). */
  timeslot: string;
  /** What the pay button charged, in minor units (the payment form's expected_total). */
  amountMinor: number;
  /** The payment form as it was posted (for a test that posts it again). */
  paymentBody: FormBody;
}

/** The step's own form: a post form in <main> that is not the side basket's. */
function stepForm(page: Page, step: string, match: (form: HtmlForm) => boolean = () => true): HtmlForm {
  const main = page.html.slice(Math.max(0, page.html.indexOf("<main")));
  const form = parseForms(main, page.url).find((candidate) => candidate.method === "post" && !candidate.action.endsWith("/booking/basket") && match(candidate));
  if (!form) throw new JourneyError(step, page, "no form for this step");
  return form;
}

const hasButton = (name: string, value: string) => (form: HtmlForm) => form.fields.some((field) => field.tag === "button" && field.name === name && field.value === value);

/** The landing's postcode search (a GET with the postcode), which goes on to the device steps. */
export async function searchPostcode(customer: HttpCustomer, postcode: string): Promise<Page> {
  const page = await customer.get(`/booking/postcode-search?postcode=${encodeURIComponent(postcode.replace(/\s+/g, ""))}`);
  if (!page.url.pathname.startsWith("/booking/device/")) throw new JourneyError("postcode", page, "the postcode did not lead to the device steps");
  return page;
}

/** The model's version and colour (the first of each). */
export async function chooseVersionAndColour(customer: HttpCustomer, model: number, make: number): Promise<Page> {
  const page = await customer.get(`/booking/device/colour?model=${model}&make=${make}`);
  const form = stepForm(page, "colour");
  let body = defaultBody(form);
  for (const name of ["model_version_id", "colour"]) {
    const first = form.fields.find((field) => field.name === name && field.type === "radio" && !field.disabled);
    if (first) body = setField(body, name, first.value);
  }
  return customer.post(form.action, body);
}

/** One device step, answered as booking-journey.ts answers it; the page it leads to. */
export async function answerDeviceStep(customer: HttpCustomer, page: Page): Promise<Page> {
  const step = page.url.pathname.split("/").pop()!;
  const press = (form: HtmlForm, name: string, value: string, body = defaultBody(form)) => customer.post(form.action, setField(body, name, value));
  if (step === "warranty-status") {
    const form = stepForm(page, step, hasButton("intent", "not-in-warranty"));
    return press(form, "intent", "not-in-warranty");
  }
  if (step === "fault-type") {
    const form = stepForm(page, step);
    return press(form, "intent", "answer", setField(defaultBody(form), "fault", "faulty"));
  }
  if (step === "insurance-status") return press(stepForm(page, step, hasButton("insured", "no")), "insured", "no");
  if (step === "select") {
    const form = stepForm(page, step);
    const screen = form.fields.find((field) => field.name === "problem" && /data-testid="problem-screen-replacement"[^>]*>\s*$/.test(field.before));
    if (!screen) throw new JourneyError(step, page, "no screen replacement to choose");
    return customer.post(form.action, [...defaultBody(form).filter(([name]) => name !== "problem"), ["problem", screen.value]]);
  }
  if (step === "confirm-damage") {
    const form = stepForm(page, step);
    let body = defaultBody(form);
    for (const name of new Set(form.fields.filter((field) => field.type === "radio" && field.value === "no").map((field) => field.name))) body = setField(body, name, "no");
    return customer.post(form.action, body);
  }
  if (step === "extras") {
    const form = stepForm(page, step, hasButton("intent", "skip"));
    return press(
      form,
      "intent",
      "skip",
      defaultBody(form).filter(([name]) => name !== "extra"),
    );
  }
  throw new JourneyError("device", page, `unexpected device step ${step}`);
}

/** From the postcode to the basket with one phone and a screen repair. */
export async function deviceIntoBasket(customer: HttpCustomer, input: { postcode: string; model: number; make: number }): Promise<Page> {
  await searchPostcode(customer, input.postcode);
  let page = await chooseVersionAndColour(customer, input.model, input.make);
  for (let count = 0; count < 10; count += 1) {
    if (page.url.pathname === "/booking/basket") {
      if (!page.html.includes('data-testid="basket-item"')) throw new JourneyError("basket", page, "the basket is empty");
      return page;
    }
    if (!page.url.pathname.startsWith("/booking/device/")) throw new JourneyError("device", page, "left the device steps");
    page = await answerDeviceStep(customer, page);
  }
  throw new JourneyError("device", page, "the device steps did not reach the basket");
}

/** The days the repair-date step offers as available (YYYY-MM-DD), for a customer with a basket. */
export async function availableDays(customer: HttpCustomer, pages = 1): Promise<string[]> {
  const page = await customer.get(repairDatePath(pages));
  const form = stepForm(page, "repair-date", hasButton("intent", "choose-date"));
  return form.fields.filter((field) => field.name === "date" && field.type === "radio" && !field.disabled).map((field) => field.value);
}

/** The repair-date step with `pages` pages of ten days ('load more'). */
const repairDatePath = (pages: number) => (pages > 1 ? `/booking/repair-date?pages=${pages}` : "/booking/repair-date");

/**
 * The repair-date step: `date`, or the first available day; a day taken meanwhile is chosen again.
 * `pages` loads more pages of ten days first, for a day beyond the first page's.
 */
export async function chooseRepairDate(customer: HttpCustomer, date?: string, pages = 1): Promise<{ page: Page; date: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const page = await customer.get(repairDatePath(pages));
    const form = stepForm(page, "repair-date", hasButton("intent", "choose-date"));
    const days = form.fields.filter((field) => field.name === "date" && field.type === "radio" && !field.disabled).map((field) => field.value);
    const chosen = date ?? days[0];
    if (!chosen || !days.includes(chosen)) throw new JourneyError("repair-date", page, date ? `${date} is not available` : "no available day");
    const next = await customer.post(form.action, setField(setField(defaultBody(form), "date", chosen), "intent", "choose-date"));
    if (next.url.pathname === "/booking/details") return { page: next, date: chosen };
    // The day filled up between the page and the post (BK13): the page again (an error answer, or
    // back on the step with its message), and another day, as a customer would.
    if (next.status !== 400 && next.status !== 409 && next.url.pathname !== "/booking/repair-date") throw new JourneyError("repair-date", next, "the day was not taken");
  }
  throw new JourneyError("repair-date", { url: new URL("/booking/repair-date", customer.origin), status: 0, html: "" }, "no day could be held");
}

/** The details step, typed in as a customer does (the rest of the form as it came). */
export async function fillDetails(customer: HttpCustomer, page: Page, input: z.output<typeof bookingInput>): Promise<Page> {
  const form = stepForm(page, "details", (candidate) => candidate.fields.some((field) => field.name === "first_name"));
  const country = customer.carrier.countryCode;
  let body = defaultBody(form);
  const typed: Record<string, string> = {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone_number: PHONE[country] ?? PHONE.GB!,
    address_line_1: input.line1,
    address_town: TOWN[country] ?? TOWN.GB!,
    billing: "same",
  };
  for (const [name, value] of Object.entries(typed)) body = setField(body, name, value);
  const next = await customer.post(form.action, body);
  if (next.url.pathname !== "/booking/checkout") throw new JourneyError("details", next, "the details were not accepted");
  return next;
}

/** Checkout's continue link to the payment page. */
export async function continueToPayment(customer: HttpCustomer, checkout: Page): Promise<Page> {
  const link = /<a\b[^>]*data-testid="continue-to-payment"[^>]*>/.exec(checkout.html);
  const href = link ? attributesOf(link[0]).href : undefined;
  if (!href) throw new JourneyError("checkout", checkout, "no way on to the payment");
  const page = await customer.get(href);
  if (page.url.pathname !== "/booking/payment") throw new JourneyError("checkout", page, "the payment page did not open");
  return page;
}

/** The payment form with the offline card form's `card` choice, as the pay button posts it. */
export function paymentBody(page: Page, card: string): { action: string; body: FormBody; amountMinor: number } {
  const form = parseForms(page.html, page.url).find((candidate) => candidate.attributes.id === "payment-form");
  if (!form) throw new JourneyError("payment", page, "no payment form");
  if (!form.fields.some((field) => field.name === "method" && field.value === card))
    throw new JourneyError("payment", page, `no '${card}' choice (is the card form the offline one?)`);
  const body = setField(defaultBody(form), "method", card);
  const amountMinor = Number(body.find(([name]) => name === "expected_total")?.[1]);
  if (!Number.isInteger(amountMinor)) throw new JourneyError("payment", page, "no total on the form");
  return { action: form.action, body, amountMinor };
}

/**
 * Presses pay. A refusal that says the payment is still being processed (409, a request of the same
 * booking still on its way) is pressed again, as a customer would, within the retry budget.
 */
export async function pay(customer: HttpCustomer, action: string, body: FormBody, { forMs = 60_000 } = {}): Promise<Page> {
  const deadline = Date.now() + forMs;
  for (;;) {
    const page = await customer.post(action, body);
    if (page.url.pathname === "/booking/complete") return page;
    if (page.status !== 409 || Date.now() > deadline) throw new JourneyError("payment", page, "the payment did not complete");
    customer.stats.retries += 1;
    customer.stats.causes["payment-in-progress"] = (customer.stats.causes["payment-in-progress"] ?? 0) + 1;
    await sleep(1_000);
  }
}

/** The order reference and window the complete page shows. */
export function completion(page: Page): { orderRef: string; timeslot: string } {
  const orderRef = testIdText(page.html, "overview-order-reference") ?? /\d{4,}/.exec(testIdText(page.html, "order-reference") ?? "")?.[0] ?? "";
  if (!/^\d+$/.test(orderRef)) throw new JourneyError("complete", page, "no order reference");
  return { orderRef, timeslot: testIdText(page.html, "overview-timeslot") ?? "" };
}

/** The whole journey, postcode to complete page, as a browser without JavaScript makes it. */
export async function book(customer: HttpCustomer, options: BookingInput): Promise<BookedByHttp> {
  const input = bookingInput.parse(options);
  await deviceIntoBasket(customer, { postcode: input.postcode ?? coveredPostcodeOf(customer.carrier), model: input.model, make: input.make });
  const { page: details, date } = await chooseRepairDate(customer, input.date);
  const checkout = await fillDetails(customer, details, input);
  const payment = await continueToPayment(customer, checkout);
  const { action, body, amountMinor } = paymentBody(payment, input.card);
  const complete = await pay(customer, action, body);
  return { ...completion(complete), email: input.email, date, amountMinor, paymentBody: body };
}
