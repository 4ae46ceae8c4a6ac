/**
 * A customer message rendered from the carrier's template (CMS, per kind and locale) or the standard
 * text (default-templates.ts), in the carrier's colours, logo and contact details (issue 10, ADR 092):
 * an e-mail with an HTML part (inline styles only: mail clients drop <style>, and the outbox page's
 * nonce CSP blocks it) and a plain-text part, and an SMS. Every value is escaped in the HTML; web
 * addresses are http(s) only; money is integer minor units in the carrier's style.
 */
import { z } from "zod";
import { countryCodeSchema, currencySchema, isValidTimeZone } from "../domain/carrier";
import { formatMinorUnits, intlLocaleFor } from "../domain/money";
import { ORDER_PAYMENT_TYPES } from "../domain/payment-types";
import { parseInput } from "../domain/validate";
import { E164, type EmailAttachment, type EmailMessage, type SmsMessage } from "../ports/notifications";
import { DEFAULT_TEMPLATES, type TemplateText } from "./default-templates";
import { CUSTOMER_MESSAGE_KINDS, PLACEHOLDERS_OF, URL_PLACEHOLDERS, type CustomerMessageKind, type PlaceholderName } from "./template-kinds";

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour like #0a5cd5");
/** Normalised by URL, which percent-encodes quotes and angle brackets. */
const webAddress = z.url({ protocol: /^https?$/, error: "a web address starting with https:// or http://" }).transform((url) => new URL(url).href);
/** A logo the message can show: a web address, or a picture inlined as data: (the CMS seeds demo logos so, ADR 003). */
const logoUrl = z.union([webAddress, z.string().regex(/^data:image\/(svg\+xml|png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/)]);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time like 08:00");
const minorUnits = z.number().int().min(0);
const line = z.string().trim().max(300);

/** What a message says about the carrier; the web app or the engine feed builds it from the CMS carrier. */
export const messageBrandSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().trim().min(1).max(120),
  countryCode: countryCodeSchema,
  currency: currencySchema,
  timezone: z.string().refine(isValidTimeZone, "unknown IANA time zone"),
  email: z.email().optional(),
  phone: z.string().trim().max(40).optional(),
  web: webAddress.optional(),
  /** Where a mail-in repair's device is posted (ADR 140), one line each. */
  mailInAddress: z.string().trim().max(500).optional(),
  logoUrl: logoUrl.optional(),
  colours: z.object({ primary: hexColour, onPrimary: hexColour, text: hexColour, background: hexColour, surface: hexColour }).partial().default({}),
});

const templateText = z.string().max(5000).nullish();
export const messageTemplateSchema = z.object({ subject: templateText, emailBody: templateText, smsText: templateText });

export const messageValuesSchema = z.object({
  orderRef: z.string().trim().max(40).optional(),
  devices: z.array(line).max(20).optional(),
  /** The repair's civil date in the carrier's time zone. */
  date: z.iso.date().optional(),
  window: z.object({ start: clockTime, end: clockTime }).optional(),
  address: z.array(line).max(8).optional(),
  amount: minorUnits.optional(),
  /** How the amount is paid: a pay-later plan is named beside it (issue 10 item 4). */
  payment: z.enum(ORDER_PAYMENT_TYPES).optional(),
  refund: minorUnits.optional(),
  /** A cancellation's call-out charge kept (ADR 250): said beside the refund, in both languages. */
  feeKept: minorUnits.optional(),
  manageUrl: webAddress.optional(),
  trackingUrl: webAddress.optional(),
  offerUrl: webAddress.optional(),
  /** A hand-over's booking code (ADR 102), as the customer types it on Confirm booking. */
  bookingCode: z
    .string()
    .regex(/^[0-9A-Z-]{4,40}$/)
    .optional(),
  confirmUrl: webAddress.optional(),
  /** An instant, shown in the carrier's time zone. */
  holdUntil: z.date().optional(),
});

export const renderMessageInputSchema = z.object({
  carrier: messageBrandSchema,
  kind: z.enum(CUSTOMER_MESSAGE_KINDS),
  locale: z.enum(["en", "de"]),
  /** The carrier's template from the CMS; absent or empty fields fall back to the standard text. */
  template: messageTemplateSchema.nullish(),
  values: messageValuesSchema,
  to: z.object({ name: z.string().trim().max(200).optional(), email: z.email().optional(), phone: z.string().regex(E164).optional() }),
  /** The Date header (the engine's clock, ADR 034). */
  sentAt: z.date().optional(),
});

export type MessageBrand = z.input<typeof messageBrandSchema>;
export type MessageTemplate = z.input<typeof messageTemplateSchema>;
export type MessageValues = z.input<typeof messageValuesSchema>;
export type RenderMessageInput = z.input<typeof renderMessageInputSchema>;
type Input = z.output<typeof renderMessageInputSchema>;

export interface RenderedCustomerMessage {
  /** Null without an e-mail address to send to. */
  email: EmailMessage | null;
  /** Null without a mobile number. */
  sms: SmsMessage | null;
}

const COLOURS = { primary: "#0a5cd5", onPrimary: "#ffffff", text: "#1a1a1a", background: "#ffffff", surface: "#f5f7fa" };
const FONT = "Arial,Helvetica,sans-serif";
const LOGO_CID = "logo";

/** Said after the amount when it is not paid at once by card or PayPal. */
const PAYMENT_PLAN: Record<"en" | "de", Partial<Record<string, string>>> = {
  en: {
    pay_later: "(pay later: due within 30 days)",
    pay_later_instalments: "(pay later: in 3 instalments)",
    in_warranty: "(repair under warranty)",
    promo: "(covered by your promo code)",
  },
  de: {
    pay_later: "(später bezahlen: fällig innerhalb von 30 Tagen)",
    pay_later_instalments: "(später bezahlen: in 3 Raten)",
    in_warranty: "(Reparatur unter Garantie)",
    promo: "(durch Ihren Aktionscode abgedeckt)",
  },
};

/** Said after a cancellation's refund when the call-out charge was kept (late cancellation, ADR 250). */
const FEE_KEPT: Record<"en" | "de", string> = {
  en: "(a {fee} cancellation fee was kept)",
  de: "(eine Stornogebühr von {fee} wurde einbehalten)",
};

const FOOTER = {
  en: { questions: "Questions? We are here to help:", sentBy: "This message was sent by {brand} about your repair booking." },
  de: { questions: "Fragen? Wir helfen gern:", sentBy: "Diese Nachricht sendet {brand} zu Ihrer Reparaturbuchung." },
} as const;

export const escapeHtml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** `[label](target)` with a URL placeholder or a literal http(s) address, or a lone placeholder. */
const TOKEN = /\[([^\]\n]+)\]\((\{\{\s*[A-Za-z]+\s*\}\}|https?:\/\/[^\s)]+)\)|\{\{\s*([^{}]*?)\s*\}\}/g;

/** A placeholder's value: `lines` where it may span lines (the address), else one line. */
type Filled = { text: string; lines?: string[] };

function fillValues(input: Input): Partial<Record<PlaceholderName, Filled>> {
  const { carrier, values, locale } = input;
  const intl = intlLocaleFor(carrier.countryCode, locale);
  const money = (minor: number) => formatMinorUnits(minor, carrier.currency, carrier.countryCode, locale);
  const filled: Partial<Record<PlaceholderName, Filled>> = { brand: { text: carrier.name } };
  if (values.orderRef) filled.orderRef = { text: values.orderRef };
  if (values.devices?.length) filled.devices = { text: values.devices.join(", ") };
  if (values.date) {
    const date = new Date(`${values.date}T12:00:00Z`);
    filled.date = { text: new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date) };
  }
  if (values.window) filled.window = { text: windowText(values.window, intl) };
  if (values.address?.length) filled.address = { text: values.address.join(", "), lines: values.address };
  if (values.amount !== undefined) {
    const plan = values.payment ? PAYMENT_PLAN[locale][values.payment] : undefined;
    filled.amount = { text: plan ? `${money(values.amount)} ${plan}` : money(values.amount) };
  }
  if (values.refund !== undefined) {
    const kept = values.feeKept ? FEE_KEPT[locale].replace("{fee}", money(values.feeKept)) : "";
    filled.refund = { text: kept ? `${money(values.refund)} ${kept}` : money(values.refund) };
  }
  if (values.bookingCode) filled.bookingCode = { text: values.bookingCode };
  const postal = (carrier.mailInAddress ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (postal.length) filled.mailInAddress = { text: postal.join(", "), lines: postal };
  for (const name of URL_PLACEHOLDERS) {
    const url = values[name as "manageUrl" | "trackingUrl" | "offerUrl" | "confirmUrl"];
    if (url) filled[name] = { text: url };
  }
  if (values.holdUntil) {
    filled.holdUntil = {
      text: new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit", timeZone: carrier.timezone }).format(
        values.holdUntil,
      ),
    };
  }
  return filled;
}

/** Formatters made once per locale and options (making one costs ~70 µs, as app/lib/dates.ts notes). */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day's formatter in the locale's own hour cycle (ADR 246): 24-hour locales keep two-digit
 * hours ('08:00'), 12-hour ones (en-US, en-CA, en-AU) read '8:00 AM' / '8:00 a.m.' / '8:00 am'.
 */
function timeFormat(intl: string): Intl.DateTimeFormat {
  let formatter = timeFormats.get(intl);
  if (!formatter) {
    const cycle = new Intl.DateTimeFormat(intl, { hour: "numeric" }).resolvedOptions().hourCycle;
    const twelve = cycle === "h12" || cycle === "h11";
    formatter = new Intl.DateTimeFormat(
      intl,
      twelve ? { hour: "numeric", minute: "2-digit", timeZone: "UTC" } : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" },
    );
    timeFormats.set(intl, formatter);
  }
  return formatter;
}

const wallClock = (hhmm: string) => new Date(`1970-01-01T${hhmm}:00Z`);

/** An arrival window as the locale reads a range: '08:00–12:00' (en-GB, de-DE), '8:00 AM – 12:00 PM' (en-US); past midnight, two times and a dash. */
function windowText(window: { start: string; end: string }, intl: string): string {
  const formatter = timeFormat(intl);
  if (formatter.resolvedOptions().hourCycle === "h23") return `${formatter.format(wallClock(window.start))}–${formatter.format(wallClock(window.end))}`;
  if (window.end <= window.start) return `${formatter.format(wallClock(window.start))} – ${formatter.format(wallClock(window.end))}`;
  return formatter.formatRange(wallClock(window.start), wallClock(window.end));
}

/** The carrier's text for a field, unless it is empty or uses a placeholder this message does not fill: then the standard text. */
function chooseText(kind: CustomerMessageKind, field: keyof TemplateText, fromCms: string | null | undefined, standard: TemplateText): string {
  if (!fromCms?.trim()) return standard[field];
  const allowed: readonly string[] = PLACEHOLDERS_OF[kind];
  const used = [...fromCms.matchAll(PLACEHOLDER)].map((m) => m[1]);
  return used.every((name) => allowed.includes(name)) ? fromCms : standard[field];
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

/**
 * Typography outside the GSM 7-bit alphabet (dashes, curly quotes, the ellipsis) makes an SMS
 * UCS-2, which halves its length per segment; their plain forms say the same.
 */
const GSM_PLAIN: Record<string, string> = { "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "\u00a0": " ", "\u2009": " ", "\u202f": " " };
const smsPlain = (text: string) => text.replace(/[–—‘’“”…\u00a0\u2009\u202f]/g, (c) => GSM_PLAIN[c]);

/** Placeholders replaced by plain values (subject, SMS): no markup. */
function fillPlain(template: string, filled: Partial<Record<PlaceholderName, Filled>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => filled[name as PlaceholderName]?.text ?? "");
}

/** A line whose placeholders are all empty says nothing ("Order reference: "), so it is left out. */
function lineIsEmpty(text: string, filled: Partial<Record<PlaceholderName, Filled>>): boolean {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
  return names.length > 0 && names.every((name) => !filled[name as PlaceholderName]);
}

type Body = { html: string; text: string };

function renderBody(body: string, filled: Partial<Record<PlaceholderName, Filled>>, colours: typeof COLOURS): Body {
  const link = `color:${colours.primary};text-decoration:underline;`;
  const button = `display:inline-block;margin:0 0 8px 0;padding:10px 18px;background:${colours.primary};color:${colours.onPrimary};text-decoration:none;border-radius:4px;font-weight:bold;`;
  const paragraphs = body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !lineIsEmpty(l, filled)),
    )
    .filter((lines) => lines.length > 0);

  const htmlParagraphs: string[] = [];
  const textParagraphs: string[] = [];
  for (const lines of paragraphs) {
    const htmlLines: string[] = [];
    const textLines: string[] = [];
    for (const source of lines) {
      let html = "";
      let text = "";
      let last = 0;
      const tokens = [...source.matchAll(TOKEN)];
      const alone = tokens.length === 1 && tokens[0][1] !== undefined && tokens[0][0] === source;
      for (const token of tokens) {
        const before = source.slice(last, token.index);
        html += escapeHtml(before);
        text += before;
        last = token.index + token[0].length;
        if (token[1] !== undefined) {
          const label = fillPlain(token[1], filled);
          const target = token[2].startsWith("{{") ? filled[token[2].replace(/[{}\s]/g, "") as PlaceholderName]?.text : token[2];
          if (!target || !/^https?:\/\//i.test(target)) {
            html += escapeHtml(label);
            text += label;
            continue;
          }
          html += `<a href="${escapeHtml(target)}" style="${alone ? button : link}">${escapeHtml(label)}</a>`;
          text += `${label}: ${target}`;
        } else {
          const value = filled[token[3] as PlaceholderName];
          if (!value) continue;
          const isUrl = (URL_PLACEHOLDERS as readonly string[]).includes(token[3]);
          html += value.lines
            ? value.lines.map(escapeHtml).join("<br>")
            : isUrl
              ? `<a href="${escapeHtml(value.text)}" style="${link}">${escapeHtml(value.text)}</a>`
              : escapeHtml(value.text);
          text += value.lines ? value.lines.join("\n") : value.text;
        }
      }
      html += escapeHtml(source.slice(last));
      text += source.slice(last);
      htmlLines.push(html);
      textLines.push(text);
    }
    htmlParagraphs.push(`<p style="margin:0 0 16px 0;">${htmlLines.join("<br>")}</p>`);
    textParagraphs.push(textLines.join("\n"));
  }
  return { html: htmlParagraphs.join("\n"), text: textParagraphs.join("\n\n") };
}

function logoOf(carrier: Input["carrier"]): { src: string; attachment?: EmailAttachment } | null {
  const url = carrier.logoUrl;
  if (!url) return null;
  const inline = /^data:(image\/[a-z+]+);base64,(.*)$/.exec(url);
  if (!inline) return { src: url };
  const extension = inline[1] === "image/svg+xml" ? "svg" : inline[1].slice("image/".length);
  return {
    src: `cid:${LOGO_CID}`,
    attachment: { filename: `logo.${extension}`, contentType: inline[1], content: Buffer.from(inline[2], "base64"), contentId: LOGO_CID },
  };
}

function renderEmail(input: Input, subject: string, body: Body): { html: string; text: string; attachments: EmailAttachment[] } {
  const { carrier, locale } = input;
  const colours = { ...COLOURS, ...carrier.colours };
  const logo = logoOf(carrier);
  const name = escapeHtml(carrier.name);
  // Logos are drawn for the site's light background (tenants/README.md), so the header is that background.
  const header = logo ? `<img src="${escapeHtml(logo.src)}" alt="${name}" height="40" style="display:block;height:40px;width:auto;border:0;">` : name;
  const footer = FOOTER[locale];
  const contact: { html: string; text: string }[] = [];
  if (carrier.phone)
    contact.push({
      html: `<a href="tel:${escapeHtml(carrier.phone.replace(/[^+\d]/g, ""))}" style="color:${colours.primary};">${escapeHtml(carrier.phone)}</a>`,
      text: carrier.phone,
    });
  if (carrier.email)
    contact.push({ html: `<a href="mailto:${escapeHtml(carrier.email)}" style="color:${colours.primary};">${escapeHtml(carrier.email)}</a>`, text: carrier.email });
  if (carrier.web)
    contact.push({
      html: `<a href="${escapeHtml(carrier.web)}" style="color:${colours.primary};">${escapeHtml(carrier.web.replace(/^https?:\/\//, "").replace(/\/$/, ""))}</a>`,
      text: carrier.web,
    });
  const sentBy = footer.sentBy.replace("{brand}", carrier.name);
  const contactHtml = contact.length ? `<p style="margin:0 0 8px 0;">${escapeHtml(footer.questions)} ${contact.map((c) => c.html).join(" · ")}</p>` : "";
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${colours.surface};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colours.surface};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${colours.background};border-collapse:collapse;">
<tr><td style="background:${colours.background};color:${colours.primary};border-bottom:4px solid ${colours.primary};padding:20px 24px;font:bold 20px/1.3 ${FONT};">${header}</td></tr>
<tr><td style="padding:24px;color:${colours.text};font:16px/1.5 ${FONT};">
${body.html}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${colours.surface};color:${colours.text};font:13px/1.5 ${FONT};">
${contactHtml}<p style="margin:0;">${escapeHtml(sentBy)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const contactText = contact.length ? `${footer.questions} ${contact.map((c) => c.text).join(" · ")}\n` : "";
  const text = `${body.text}\n\n--\n${contactText}${sentBy}\n`;
  return { html, text, attachments: logo?.attachment ? [logo.attachment] : [] };
}

/** Throws a ValidationError (zod) on bad input: a value that is not what its placeholder needs. */
export function renderMessage(rawInput: RenderMessageInput): RenderedCustomerMessage {
  const input = parseInput(renderMessageInputSchema, rawInput, "message");
  const { kind, locale, template, carrier, to } = input;
  const standard = DEFAULT_TEMPLATES[locale][kind];
  const filled = fillValues(input);
  const subject = oneLine(fillPlain(chooseText(kind, "subject", template?.subject, standard), filled));
  const body = renderBody(chooseText(kind, "emailBody", template?.emailBody, standard), filled, { ...COLOURS, ...carrier.colours });
  const smsText = smsPlain(oneLine(fillPlain(chooseText(kind, "smsText", template?.smsText, standard), filled)));

  let email: EmailMessage | null = null;
  if (to.email) {
    const { html, text, attachments } = renderEmail(input, subject, body);
    email = {
      carrierCode: carrier.code,
      to: { ...(to.name ? { name: to.name } : {}), address: to.email },
      subject,
      html,
      text,
      ...(attachments.length ? { attachments } : {}),
      ...(input.sentAt ? { date: input.sentAt } : {}),
    };
  }
  const sms: SmsMessage | null = to.phone ? { carrierCode: carrier.code, to: to.phone, text: smsText } : null;
  return { email, sms };
}
