/**
 * The port's e-mail as nodemailer's message options, shared by the SMTP adapter and the outbox
 * (which builds the same MIME with MailComposer), so the `.eml` in the outbox is the message SMTP
 * would send. Attachments are the message's bytes only: nodemailer may never read a file or fetch
 * a URL named in a message.
 */
import type { SendMailOptions } from "nodemailer";
import type { EmailMessage, Mailbox } from "../ports/notifications";

const mailbox = (box: Mailbox) => (box.name ? { name: box.name, address: box.address } : box.address);

const bytes = (content: string | Uint8Array) => (typeof content === "string" ? content : Buffer.from(content));

/** `<key@sender-domain>`, the key reduced to the characters a Message-ID's left part may hold (RFC 5322 dot-atom). */
export function messageIdOf(key: string, fromAddress: string): string {
  const left =
    key
      .replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, ".")
      .replace(/\.{2,}/g, ".")
      .replace(/^\.|\.$/g, "") || "message";
  const domain = fromAddress.split("@")[1] || "localhost";
  return `<${left}@${domain}>`;
}

export function mailOptions(message: EmailMessage & { from: Mailbox }): SendMailOptions {
  const calendar = message.calendar;
  const attachments = (message.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: bytes(attachment.content),
    ...(attachment.contentId ? { cid: attachment.contentId } : {}),
  }));
  return {
    from: mailbox(message.from),
    to: mailbox(message.to),
    ...(message.replyTo ? { replyTo: mailbox(message.replyTo) } : {}),
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.date ? { date: message.date } : {}),
    ...(message.messageKey ? { messageId: messageIdOf(message.messageKey, message.from.address) } : {}),
    attachments,
    // nodemailer adds the text/calendar alternative with its METHOD and the .ics attachment.
    ...(calendar ? { icalEvent: { method: calendar.method, filename: calendar.filename ?? "invite.ics", content: calendar.content } } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
