/**
 * Reads the outbox back for the development outbox page (issue 10 item 2, ADR 090): newest first,
 * optionally one carrier's. Only files the outbox wrote are read (their names say so); an `.eml` is
 * parsed with mailparser, and its `cid:` images become data: URLs so the HTML shows as sent.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type AddressObject } from "mailparser";
import { z } from "zod";
import { parseOutboxFileName, type OutboxFile } from "./outbox-files";

interface EntryBase {
  /** The file name. */
  id: string;
  carrierCode: string;
  /** ISO 8601; when the outbox wrote it. */
  sentAt: string;
}

export interface OutboxEmailEntry extends EntryBase {
  kind: "email";
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string | null;
  text: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
}

export interface OutboxSmsEntry extends EntryBase {
  kind: "sms";
  from: string;
  to: string;
  text: string;
}

export type OutboxEntry = OutboxEmailEntry | OutboxSmsEntry;

export interface OutboxListing {
  entries: OutboxEntry[];
  /** Every carrier with a message in the outbox, for the page's filter. */
  carriers: string[];
  /** How many messages the filter matches (entries holds at most `limit` of them). */
  total: number;
}

export interface OutboxReader {
  list(input?: { carrierCode?: string | null; limit?: number }): Promise<OutboxListing>;
}

const smsFile = z.object({ to: z.string(), from: z.string(), text: z.string() });

const addresses = (value: AddressObject | AddressObject[] | undefined) => (value ? (Array.isArray(value) ? value : [value]).map((box) => box.text).join(", ") : "");

async function readEntry(dir: string, file: OutboxFile): Promise<OutboxEntry | null> {
  const base = { id: file.name, carrierCode: file.carrierCode, sentAt: file.sentAt.toISOString() };
  try {
    const content = await readFile(path.join(dir, file.name));
    if (file.kind === "sms") {
      const sms = smsFile.parse(JSON.parse(content.toString("utf8")));
      return { ...base, kind: "sms", from: sms.from, to: sms.to, text: sms.text };
    }
    const mail = await simpleParser(content);
    // An inline image (the carrier's logo, `cid:logo`) as a data: URL, so the page's frame shows it as
    // the mail client would, under the page's own img-src (a `cid:` source is a violation there).
    const inline = new Map(mail.attachments.filter((attachment) => attachment.cid).map((attachment) => [attachment.cid!, attachment]));
    const html =
      typeof mail.html === "string"
        ? mail.html.replace(/(["'(])cid:([^"')\s]+)/g, (whole, before: string, cid: string) => {
            const attachment = inline.get(cid);
            return attachment ? `${before}data:${attachment.contentType};base64,${attachment.content.toString("base64")}` : whole;
          })
        : null;
    return {
      ...base,
      kind: "email",
      from: addresses(mail.from),
      to: addresses(mail.to),
      replyTo: mail.replyTo ? addresses(mail.replyTo) : null,
      subject: mail.subject ?? "",
      html,
      text: mail.text ?? null,
      attachments: mail.attachments.map((attachment) => ({ filename: attachment.filename ?? "", contentType: attachment.contentType, size: attachment.size })),
    };
  } catch {
    // Removed meanwhile, or not what the outbox writes: the page lists what it can read.
    return null;
  }
}

export function createOutboxReader(options: { dir: string }): OutboxReader {
  const dir = path.resolve(options.dir);
  return {
    async list(input = {}) {
      const limit = Math.min(Math.max(input.limit ?? 50, 1), 500);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], carriers: [], total: 0 };
        throw error;
      }
      const files = names.map(parseOutboxFileName).filter((file): file is OutboxFile => file !== null);
      const carriers = [...new Set(files.map((file) => file.carrierCode))].sort();
      const matching = files.filter((file) => !input.carrierCode || file.carrierCode === input.carrierCode).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const entries = await Promise.all(matching.slice(0, limit).map((file) => readEntry(dir, file)));
      return { entries: entries.filter((entry): entry is OutboxEntry => entry !== null), carriers, total: matching.length };
    },
  };
}
