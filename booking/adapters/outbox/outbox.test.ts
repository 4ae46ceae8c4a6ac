import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailMessage } from "../../ports/notifications";
import { outboxFileName, parseOutboxFileName } from "./outbox-files";
import { createOutboxReader } from "./outbox-reader";
import { createOutboxSenders } from "./outbox-senders";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const invite = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//repair//test//EN",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:order-100001@repair.test",
  "SEQUENCE:0",
  "DTSTAMP:20261124T120000Z",
  "DTSTART:20261126T080000Z",
  "DTEND:20261126T120000Z",
  "SUMMARY:Repair visit",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const confirmation: EmailMessage = {
  carrierCode: "acme",
  to: { name: "Ada Lovelace", address: "ada@example.com" },
  from: { name: "Acme Repairs", address: "bookings@acme.example" },
  replyTo: { address: "help@acme.example" },
  subject: "Your repair is booked: RB7K2M9Q",
  html: '<p>Hello Ada, your repair is booked.</p><img src="cid:logo@acme" alt="Acme">',
  text: "Hello Ada, your repair is booked.",
  attachments: [{ filename: "logo.png", contentType: "image/png", content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), contentId: "logo@acme" }],
  calendar: { method: "REQUEST", content: invite },
};

describe("the outbox writes each e-mail as a real .eml", () => {
  it("that a mail parser reads back with sender, recipient, reply-to, subject, HTML, plain text, picture and calendar invite", async () => {
    const receipt = await createOutboxSenders({ dir }).email.sendEmail(confirmation);
    expect(receipt.provider).toBe("outbox");
    expect(await readdir(dir)).toEqual([receipt.messageId]);
    expect(receipt.messageId).toMatch(/^\d{13}_acme_[a-f0-9]{12}\.eml$/);

    const mail = await simpleParser(await readFile(path.join(dir, receipt.messageId)));
    expect(mail.from?.value).toEqual([{ name: "Acme Repairs", address: "bookings@acme.example" }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(mail.replyTo?.value[0]?.address).toBe("help@acme.example");
    expect(mail.subject).toBe("Your repair is booked: RB7K2M9Q");
    expect(mail.text?.trim()).toBe("Hello Ada, your repair is booked.");
    expect(mail.html).toContain("<p>Hello Ada, your repair is booked.</p>");
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
    const calendar = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
    expect(calendar?.content.toString("utf8")).toBe(invite);
    expect(mail.attachments.find((attachment) => attachment.filename === "logo.png")?.contentId).toBe("<logo@acme>");
  });

  it("marks the invite as a calendar request mail clients offer to add (text/calendar; method=REQUEST) and names the .ics", async () => {
    const { messageId } = await createOutboxSenders({ dir }).email.sendEmail(confirmation);
    const raw = await readFile(path.join(dir, messageId), "utf8");
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(raw).toMatch(/filename=invite\.ics/);
  });

  it("stamps the Date header with the message's date when it has one (the engine's clock)", async () => {
    const date = new Date("2026-11-25T17:00:00Z");
    const { messageId } = await createOutboxSenders({ dir }).email.sendEmail({ ...confirmation, date });
    expect((await simpleParser(await readFile(path.join(dir, messageId)))).date?.toISOString()).toBe(date.toISOString());
  });

  it("never reads a file or fetches a URL an attachment names", async () => {
    const sneaky = { ...confirmation, attachments: [{ filename: "passwd", contentType: "text/plain", content: "" }], html: '<img src="file:///etc/passwd">' };
    const { messageId } = await createOutboxSenders({ dir }).email.sendEmail(sneaky);
    expect(await readFile(path.join(dir, messageId), "utf8")).not.toContain("root:");
  });

  it("refuses a carrier code that is not one, so nothing but a carrier code reaches the file name", async () => {
    await expect(createOutboxSenders({ dir }).email.sendEmail({ ...confirmation, carrierCode: "../etc" })).rejects.toMatchObject({
      name: "NotificationSendError",
      kind: "permanent",
    });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("the outbox writes each SMS as a small JSON file", () => {
  it("with the recipient, the sender id and the text", async () => {
    const sentAt = new Date("2026-11-24T18:00:00Z");
    const receipt = await createOutboxSenders({ dir, now: () => sentAt }).sms.sendSms({
      carrierCode: "acme",
      to: "+447700900123",
      senderId: "AcmeRepair",
      text: "Your repair is tomorrow.",
    });
    expect(receipt.messageId).toMatch(/^\d{13}_acme_[a-f0-9]{12}\.sms\.json$/);
    expect(JSON.parse(await readFile(path.join(dir, receipt.messageId), "utf8"))).toEqual({
      carrierCode: "acme",
      to: "+447700900123",
      from: "AcmeRepair",
      text: "Your repair is tomorrow.",
      sentAt: "2026-11-24T18:00:00.000Z",
    });
  });
});

describe("outbox file names", () => {
  it("sort newest first and say the carrier, the kind and when", () => {
    const older = outboxFileName({ sentAt: new Date("2026-11-24T08:00:00Z"), carrierCode: "uk-partner", random: "0123456789ab", kind: "email" });
    const newer = outboxFileName({ sentAt: new Date("2026-11-24T18:00:00Z"), carrierCode: "acme", random: "0123456789ab", kind: "sms" });
    expect([older, newer].sort()).toEqual([newer, older]);
    expect(parseOutboxFileName(older)).toEqual({ name: older, kind: "email", carrierCode: "uk-partner", sentAt: new Date("2026-11-24T08:00:00Z") });
    expect(parseOutboxFileName("notes.txt")).toBeNull();
  });

  it("never collide and keep the sending order, even for many messages in the same millisecond", async () => {
    const outbox = createOutboxSenders({ dir, now: () => new Date("2026-11-24T18:00:00Z") });
    const receipts = [];
    for (let n = 0; n < 20; n++) receipts.push(await outbox.sms.sendSms({ carrierCode: "acme", to: "+447700900123", senderId: "Acme", text: `message ${n}` }));
    const names = await readdir(dir);
    expect(new Set(names).size).toBe(20);
    expect([...names].sort()).toEqual(receipts.map((receipt) => receipt.messageId).reverse());
  });
});

describe("reading the outbox", () => {
  it("lists every message newest first, e-mail rendered and SMS text, with the carriers that have messages", async () => {
    let now = new Date("2026-11-24T08:00:00Z").getTime();
    const outbox = createOutboxSenders({ dir, now: () => new Date((now += 60_000)) });
    await outbox.email.sendEmail(confirmation);
    await outbox.sms.sendSms({ carrierCode: "acme", to: "+447700900123", senderId: "Acme", text: "Booked: RB7K2M9Q" });
    await outbox.email.sendEmail({ ...confirmation, carrierCode: "uk-partner", subject: "Ihre Reparatur ist gebucht" });
    await writeFile(path.join(dir, "README.txt"), "not a message");

    const listing = await createOutboxReader({ dir }).list();
    expect(listing.carriers).toEqual(["acme", "uk-partner"]);
    expect(listing.total).toBe(3);
    expect(listing.entries.map((entry) => [entry.kind, entry.carrierCode])).toEqual([
      ["email", "uk-partner"],
      ["sms", "acme"],
      ["email", "acme"],
    ]);
    const [german, sms, email] = listing.entries;
    expect(german).toMatchObject({ subject: "Ihre Reparatur ist gebucht", sentAt: "2026-11-24T08:03:00.000Z" });
    expect(sms).toMatchObject({ kind: "sms", from: "Acme", to: "+447700900123", text: "Booked: RB7K2M9Q" });
    expect(email).toMatchObject({
      kind: "email",
      from: '"Acme Repairs" <bookings@acme.example>',
      to: '"Ada Lovelace" <ada@example.com>',
      replyTo: "help@acme.example",
      subject: "Your repair is booked: RB7K2M9Q",
    });
    if (email?.kind !== "email") throw new Error("expected an e-mail");
    // The inline picture is a data: URL, so the HTML shows as sent without the outbox serving files.
    expect(email.html).toContain('src="data:image/png;base64,');
    expect(email.attachments.map((attachment) => attachment.contentType)).toContain("text/calendar");
  });

  it("shows the renderer's SVG logo (`cid:logo`) as a data: URL too, never a cid: source the page's policy blocks", async () => {
    const outbox = createOutboxSenders({ dir });
    // mailparser leaves an SVG's cid: link as it is; the page's frame would report a violation for each e-mail.
    const logo = { filename: "logo.svg", contentType: "image/svg+xml", content: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), contentId: "logo" };
    await outbox.email.sendEmail({ ...confirmation, html: '<p>Booked</p><img src="cid:logo" alt="Acme">', attachments: [logo] });
    const [email] = (await createOutboxReader({ dir }).list()).entries;
    if (email?.kind !== "email") throw new Error("expected an e-mail");
    expect(email.html).toContain(`<img src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString("base64")}" alt="Acme">`);
    expect(email.html).not.toContain("cid:");
  });

  it("filters by carrier and caps the list", async () => {
    const outbox = createOutboxSenders({ dir });
    for (const carrierCode of ["acme", "acme", "uk-partner"]) await outbox.sms.sendSms({ carrierCode, to: "+447700900123", senderId: "Repairs", text: "Hello" });
    const reader = createOutboxReader({ dir });
    expect((await reader.list({ carrierCode: "acme" })).entries.map((entry) => entry.carrierCode)).toEqual(["acme", "acme"]);
    expect(await reader.list({ carrierCode: "acme", limit: 1 })).toMatchObject({ total: 2, carriers: ["acme", "uk-partner"], entries: [{ carrierCode: "acme" }] });
  });

  it("answers an empty list when nothing was sent yet", async () => {
    expect(await createOutboxReader({ dir: path.join(dir, "missing") }).list()).toEqual({ entries: [], carriers: [], total: 0 });
  });
});
