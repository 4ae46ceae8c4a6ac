/** zod pieces shared by the engine's input schemas. */
import { z } from "zod";
import { FIELD_MESSAGES } from "./errors";
import { isIsoDate } from "./time";

/** A calendar day as 'YYYY-MM-DD', or 'DD/MM/YYYY' as the web's date fields show it (spec §5). */
export const calendarDate = z
  .string({ error: "Please enter a date." })
  .trim()
  .transform((value, ctx) => {
    const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
    if (!isIsoDate(iso)) {
      ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.DATE_FORMAT });
      return z.NEVER;
    }
    return iso;
  });

export const id = z.coerce.number({ error: "A number is required." }).int().positive();

/**
 * Characters no typed text holds: C0 controls, DEL, C1 controls and lone UTF-16 surrogates. They
 * are refused before they reach the database (a NUL breaks Postgres text). Multi-line text keeps
 * tab, line feed and carriage return (browsers send a textarea's new lines as CR LF).
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

export const CONTROL_CHARACTER_MESSAGE = "Please remove unsupported characters.";

/** True when a text holds a character no form field may send (see above). */
export function hasForbiddenCharacters(value: string, { multiLine = false } = {}): boolean {
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** The text with every character `hasForbiddenCharacters` finds removed (a refused field's echo, ADR 231). */
export function withoutForbiddenCharacters(value: string, { multiLine = false } = {}): string {
  return value.replace(new RegExp((multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).source, "g"), "");
}

/** A plain string without control characters or lone surrogates. */
export const plainText = ({ multiLine = false, error }: { multiLine?: boolean; error?: string } = {}) =>
  z.string(error === undefined ? undefined : { error }).refine((value) => !hasForbiddenCharacters(value, { multiLine }), CONTROL_CHARACTER_MESSAGE);

export const shortText = (max: number) => plainText().trim().max(max);

/**
 * An attribution token from a landing URL (spec §7 POST /build: referrer, lucidRef; ADR 135): a
 * short code of letters, digits and `. _ ~ -` only, so it is safe in a URL, a log line and a CSV
 * export. The web drops a token that does not match; the engine refuses one.
 */
export const ATTRIBUTION_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,64}$/;
export const ATTRIBUTION_TOKEN_MESSAGE = "Use 1 to 64 letters, digits, dots, hyphens, underscores or tildes.";
export const attributionToken = z.string().trim().regex(ATTRIBUTION_TOKEN_PATTERN, ATTRIBUTION_TOKEN_MESSAGE);

/** Free text over several lines (messages, notes). */
export const longText = (max: number) => plainText({ multiLine: true }).trim().max(max);

export const latitude = z.coerce.number().min(-90).max(90);
export const longitude = z.coerce.number().min(-180).max(180);
