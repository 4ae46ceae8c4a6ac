/**
 * The offline twin of the SMTP and SMS adapters (ADR 090): every message becomes a file in the
 * outbox folder (OUTBOX_DIR, default data/outbox) instead of reaching the customer. An e-mail is the
 * exact MIME message SMTP would send, built by nodemailer's MailComposer, saved as `.eml` (any mail
 * client opens it: HTML, plain text, attachments, the calendar invite); an SMS is a small JSON file.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { mailOptions } from "../../notifications/mail-options";
import { NotificationSendError, type EmailMessage, type Mailbox, type Notifications, type SmsMessage } from "../../ports/notifications";
import { outboxFileName, type OutboxKind } from "./outbox-files";

export const OUTBOX_PROVIDER = "outbox";
const CARRIER_CODE = /^[a-z0-9][a-z0-9-]*$/;

/** The SMS file's content. */
export interface OutboxSms {
  carrierCode: string;
  to: string;
  from: string;
  text: string;
  sentAt: string;
}

export interface OutboxOptions {
  dir: string;
  /** Orders the files; default the system clock. */
  now?: () => Date;
}

export function createOutboxSenders(options: OutboxOptions): Notifications & { dir: string } {
  const dir = path.resolve(options.dir);
  const now = options.now ?? (() => new Date());
  let last = 0;

  /** Strictly later than the previous file of this writer, so its files keep their order within one millisecond. */
  function sendingTime(): Date {
    last = Math.max(now().getTime(), last + 1);
    return new Date(last);
  }

  /** Writes the file `content` makes for the sending time; answers its name. */
  async function write(kind: OutboxKind, carrierCode: string, content: (sentAt: Date) => Promise<Buffer | string>): Promise<string> {
    // The code names the file: nothing but a carrier code may reach the path.
    if (!CARRIER_CODE.test(carrierCode)) throw new NotificationSendError("permanent", OUTBOX_PROVIDER, "invalid_message", "The message has no valid carrier code");
    const sentAt = sendingTime();
    const bytes = await content(sentAt);
    try {
      await mkdir(dir, { recursive: true });
      for (let attempt = 0; ; attempt++) {
        const name = outboxFileName({ sentAt, carrierCode, random: randomBytes(6).toString("hex"), kind });
        try {
          // 'wx': a name another writer took is never overwritten; a new random part is tried.
          await writeFile(path.join(dir, name), bytes, { flag: "wx", mode: 0o640 });
          return name;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
        }
      }
    } catch (error) {
      throw new NotificationSendError("transient", OUTBOX_PROVIDER, (error as NodeJS.ErrnoException).code ?? null, `Could not write to the outbox: ${(error as Error).message}`);
    }
  }

  return {
    dir,
    email: {
      name: OUTBOX_PROVIDER,
      capabilities: { outbox: true },
      async sendEmail(message: EmailMessage) {
        if (!message.from) throw new NotificationSendError("permanent", OUTBOX_PROVIDER, "no_sender", "The message has no sender");
        const from: Mailbox = message.from;
        const mime = (sentAt: Date) => new MailComposer(mailOptions({ ...message, from, date: message.date ?? sentAt })).compile().build();
        return { provider: OUTBOX_PROVIDER, messageId: await write("email", message.carrierCode, mime) };
      },
    },
    sms: {
      name: OUTBOX_PROVIDER,
      capabilities: { outbox: true },
      async sendSms(message: SmsMessage) {
        if (!message.senderId) throw new NotificationSendError("permanent", OUTBOX_PROVIDER, "no_sender", "The message has no sender id");
        const from = message.senderId;
        const json = async (sentAt: Date) => {
          const sms: OutboxSms = { carrierCode: message.carrierCode, to: message.to, from, text: message.text, sentAt: sentAt.toISOString() };
          return `${JSON.stringify(sms, null, 2)}\n`;
        };
        return { provider: OUTBOX_PROVIDER, messageId: await write("sms", message.carrierCode, json) };
      },
    },
  };
}
