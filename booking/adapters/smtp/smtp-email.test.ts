import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import type { EmailMessage } from "../../ports/notifications";
import { createSmtpEmailSender } from "./smtp-email";

/** A tiny SMTP server in this process: refuses `refused@`, defers `busy@`, takes user "mailer" / "s3cret". */
async function smtpServer() {
  const raw: { envelope: { from: string; to: string[] }; bytes: Buffer }[] = [];
  const refuse = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") return callback(null, { user: "mailer" });
      callback(refuse(535, "5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refused@")) return callback(refuse(550, "5.1.1 No such user"));
      if (address.address.startsWith("busy@")) return callback(refuse(451, "4.3.0 Try again later"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
        raw.push({ envelope, bytes: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** What the server took, parsed by a mail client's parser. */
  const received = async (): Promise<{ envelope: { from: string; to: string[] }; mail: ParsedMail }[]> =>
    Promise.all(raw.map(async ({ envelope, bytes }) => ({ envelope, mail: await simpleParser(bytes) })));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message: EmailMessage = {
  carrierCode: "acme",
  to: { name: "Ada Lovelace", address: "ada@example.com" },
  from: { name: "Acme Repairs", address: "bookings@acme.example" },
  replyTo: { address: "help@acme.example" },
  subject: "Your repair is booked",
  html: "<p>Booked.</p>",
  text: "Booked.",
  calendar: { method: "CANCEL", content: "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n" },
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function senderFor(url: (port: number) => string) {
  const server = await smtpServer();
  const sender = createSmtpEmailSender({ url: url(server.port), timeoutMs: 2_000 });
  cleanups.push(() => sender.close(), server.close);
  return { server, sender };
}

describe("SMTP e-mail sender", () => {
  it("hands the message to the server with login, envelope, HTML and plain text, answering its Message-ID", async () => {
    const { server, sender } = await senderFor((port) => `smtp://mailer:s3cret@127.0.0.1:${port}`);
    const receipt = await sender.sendEmail(message);
    expect(receipt.provider).toBe("smtp");
    expect(receipt.messageId).toMatch(/^<.+@.+>$/);
    const received = await server.received();
    expect(received).toHaveLength(1);
    const { envelope, mail } = received[0]!;
    expect(envelope).toEqual({ from: "bookings@acme.example", to: ["ada@example.com"] });
    expect(mail.messageId).toBe(receipt.messageId);
    expect(mail.subject).toBe("Your repair is booked");
    expect(mail.html).toContain("<p>Booked.</p>");
    expect(mail.text?.trim()).toBe("Booked.");
    expect(mail.replyTo?.value[0]?.address).toBe("help@acme.example");
    expect(mail.attachments.find((attachment) => attachment.contentType === "text/calendar")?.content.toString()).toContain("METHOD:CANCEL");
  });

  it("sends a scheduled message again with the same Message-ID, so the mailbox shows it once (ADR 156)", async () => {
    const { server, sender } = await senderFor((port) => `smtp://127.0.0.1:${port}`);
    const first = await sender.sendEmail({ ...message, messageKey: "100001:booking-confirmed:email:1" });
    const again = await sender.sendEmail({ ...message, messageKey: "100001:booking-confirmed:email:1" });
    const other = await sender.sendEmail({ ...message, messageKey: "100001:evening-before:email:1" });
    expect(first.messageId).toBe("<100001.booking-confirmed.email.1@acme.example>");
    expect(again.messageId).toBe(first.messageId);
    expect(other.messageId).not.toBe(first.messageId);
    expect((await server.received()).map(({ mail }) => mail.messageId)).toEqual([first.messageId, first.messageId, other.messageId]);
  });

  it("reports a recipient the server refuses (5xx) as permanent", async () => {
    const { sender } = await senderFor((port) => `smtp://127.0.0.1:${port}`);
    await expect(sender.sendEmail({ ...message, to: { address: "refused@example.com" } })).rejects.toMatchObject({
      name: "NotificationSendError",
      kind: "permanent",
      provider: "smtp",
      code: "550",
    });
  });

  it("reports a deferral (4xx) as transient, so the scheduler tries again", async () => {
    const { sender } = await senderFor((port) => `smtp://127.0.0.1:${port}`);
    await expect(sender.sendEmail({ ...message, to: { address: "busy@example.com" } })).rejects.toMatchObject({ kind: "transient", code: "451" });
  });

  it("reports wrong credentials as permanent (the operator must fix them)", async () => {
    const { sender } = await senderFor((port) => `smtp://mailer:wrong@127.0.0.1:${port}`);
    await expect(sender.sendEmail(message)).rejects.toMatchObject({ kind: "permanent", code: "535" });
  });

  it("reports a server that cannot be reached as transient", async () => {
    const server = await smtpServer();
    await server.close();
    const sender = createSmtpEmailSender({ host: "127.0.0.1", port: server.port, timeoutMs: 2_000 });
    cleanups.push(() => sender.close());
    await expect(sender.sendEmail(message)).rejects.toMatchObject({ kind: "transient", provider: "smtp" });
  });
});
