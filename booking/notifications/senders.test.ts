import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import type { EmailMessage } from "../ports/notifications";
import { OUTBOX_SENDER, SendersConfigError, senderFor, sendersFromEnv, withSenders } from "./senders";

const senders = sendersFromEnv({
  NOTIFICATIONS_EMAIL_FROM_NAME: "Repairs",
  NOTIFICATIONS_EMAIL_FROM_ADDRESS: "bookings@repairs.example",
  NOTIFICATIONS_SMS_SENDER_ID: "Repairs",
  NOTIFICATIONS_SENDERS: JSON.stringify({
    acme: { emailFromName: "Acme Repairs", emailFromAddress: "hello@acme.example", replyTo: "help@acme.example", smsSenderId: "+447700900999" },
  }),
});

describe("carrier senders from configuration", () => {
  it("give a carrier with an entry its own sender, field over field of the default", () => {
    expect(senderFor(senders, "acme")).toEqual({
      emailFromName: "Acme Repairs",
      emailFromAddress: "hello@acme.example",
      replyTo: "help@acme.example",
      smsSenderId: "+447700900999",
    });
    expect(senderFor(senders, "other")).toEqual({ emailFromName: "Repairs", emailFromAddress: "bookings@repairs.example", smsSenderId: "Repairs" });
  });

  it('let the "*" entry override the flat variables, and the development sender fill only what is left', () => {
    const merged = sendersFromEnv({ NOTIFICATIONS_SMS_SENDER_ID: "Flat", NOTIFICATIONS_SENDERS: JSON.stringify({ "*": { smsSenderId: "Star" } }) }, OUTBOX_SENDER);
    expect(senderFor(merged, "any")).toEqual({ ...OUTBOX_SENDER, smsSenderId: "Star" });
  });

  it("refuse an entry that is not a carrier code, an unknown field or a bad address, naming it", () => {
    expect(() => sendersFromEnv({ NOTIFICATIONS_SENDERS: JSON.stringify({ "Acme!": {} }) })).toThrow(SendersConfigError);
    expect(() => sendersFromEnv({ NOTIFICATIONS_SENDERS: JSON.stringify({ acme: { from: "x" } }) })).toThrow(/"acme" in NOTIFICATIONS_SENDERS/);
    expect(() => sendersFromEnv({ NOTIFICATIONS_EMAIL_FROM_ADDRESS: "not an address" })).toThrow(/emailFromAddress/);
    expect(() => sendersFromEnv({ NOTIFICATIONS_SENDERS: "[]" })).toThrow(/keyed by carrier code/);
  });
});

describe("messages on their way to the adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "senders-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const email: EmailMessage = { carrierCode: "acme", to: { address: "ada@example.com" }, subject: "Booked", html: "<p>Booked</p>", text: "Booked" };

  it("carry the carrier's sender and reply-to when they name none", async () => {
    const outbox = createOutboxSenders({ dir });
    const { messageId } = await withSenders(outbox, senders).email.sendEmail(email);
    const raw = await readFile(path.join(dir, messageId), "utf8");
    expect(raw).toMatch(/^From: Acme Repairs <hello@acme\.example>$/m);
    expect(raw).toMatch(/^Reply-To: help@acme\.example$/m);
    const sms = await withSenders(outbox, senders).sms.sendSms({ carrierCode: "other", to: "+447700900123", text: "Booked" });
    expect(JSON.parse(await readFile(path.join(dir, sms.messageId), "utf8")).from).toBe("Repairs");
  });

  it("are refused as permanent failures when malformed, before any adapter sees them", async () => {
    const notifications = withSenders(createOutboxSenders({ dir }), senders);
    await expect(notifications.sms.sendSms({ carrierCode: "acme", to: "07700 900123", text: "Hi" })).rejects.toMatchObject({ kind: "permanent", code: "invalid_message" });
    await expect(notifications.email.sendEmail({ ...email, to: { address: "nobody" } })).rejects.toMatchObject({ kind: "permanent", code: "invalid_message" });
    await expect(notifications.email.sendEmail({ ...email, text: "" })).rejects.toMatchObject({ kind: "permanent", code: "invalid_message" });
  });

  it("fail as permanent when nobody configured a sender for the carrier", async () => {
    const notifications = withSenders(createOutboxSenders({ dir }), sendersFromEnv({}));
    await expect(notifications.email.sendEmail(email)).rejects.toMatchObject({ kind: "permanent", code: "no_sender" });
  });
});
