/**
 * The outbox's file names (ADR 090): `<newest-first key>_<carrier code>_<random>.eml` for an e-mail
 * and `….sms.json` for an SMS, flat in OUTBOX_DIR. The key is 9999999999999 minus the milliseconds
 * since 1970, 13 digits, so a plain name sort (`ls`) lists the newest first; the random part and
 * exclusive creation mean two writers never take the same name.
 */
export type OutboxKind = "email" | "sms";

const MAX_MS = 9_999_999_999_999;
const FILE = /^(\d{13})_([a-z0-9][a-z0-9-]*)_([a-f0-9]{12})\.(eml|sms\.json)$/;

export function outboxFileName(input: { sentAt: Date; carrierCode: string; random: string; kind: OutboxKind }): string {
  const key = String(MAX_MS - input.sentAt.getTime()).padStart(13, "0");
  return `${key}_${input.carrierCode}_${input.random}.${input.kind === "email" ? "eml" : "sms.json"}`;
}

export interface OutboxFile {
  name: string;
  kind: OutboxKind;
  carrierCode: string;
  sentAt: Date;
}

/** What a name says, or null for any file the outbox did not write (so nothing else is ever read). */
export function parseOutboxFileName(name: string): OutboxFile | null {
  const match = FILE.exec(name);
  if (!match) return null;
  return { name, kind: match[4] === "eml" ? "email" : "sms", carrierCode: match[2]!, sentAt: new Date(MAX_MS - Number(match[1])) };
}
