import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTwilioSmsSender } from "./twilio-sms";

const ACCOUNT = "ACf3a1c2e4b5d6978a0b1c2d3e4f5a6b7c";

/** A fetch that answers with a recorded Twilio response and remembers what it was asked. */
function replay(name: string) {
  const calls: { url: string; method: string; headers: Headers; body: URLSearchParams }[] = [];
  const recorded = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.json`), "utf8")) as { status: number; body: unknown };
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? "GET", headers: new Headers(init?.headers), body: new URLSearchParams(init?.body as URLSearchParams) });
    return new Response(JSON.stringify(recorded.body), { status: recorded.status, headers: { "Content-Type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const sms = { carrierCode: "acme", to: "+447700900123", senderId: "AcmeRepair", text: "Acme: your repair RB7K2M9Q is booked for Thu 26 Nov, 08:00-12:00." };

describe("Twilio SMS sender", () => {
  it("posts To, From and Body form-encoded to the account's Messages resource with Basic auth, answering the message sid", async () => {
    const { fetch, calls } = replay("message-queued");
    const receipt = await createTwilioSmsSender({ accountSid: ACCOUNT, authToken: "t0ken", fetch }).sendSms(sms);
    expect(receipt).toEqual({ provider: "twilio", messageId: "SM1f0e2d3c4b5a69788796a5b4c3d2e1f0" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(calls[0]!.headers.get("Authorization")).toBe(`Basic ${Buffer.from(`${ACCOUNT}:t0ken`).toString("base64")}`);
    expect(calls[0]!.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ To: "+447700900123", From: "AcmeRepair", Body: sms.text });
  });

  it.each([
    ["invalid-to", "21211"],
    ["unsubscribed", "21610"],
    ["region-not-enabled", "21408"],
    ["authenticate", "20003"],
  ])("reports the recorded %s answer as permanent with Twilio's code", async (name, code) => {
    const sender = createTwilioSmsSender({ accountSid: ACCOUNT, authToken: "t0ken", fetch: replay(name).fetch });
    await expect(sender.sendSms(sms)).rejects.toMatchObject({ name: "NotificationSendError", kind: "permanent", provider: "twilio", code });
  });

  it.each([
    ["too-many-requests", "20429"],
    ["service-unavailable", "20503"],
  ])("reports the recorded %s answer as transient, so the scheduler tries again", async (name, code) => {
    const sender = createTwilioSmsSender({ accountSid: ACCOUNT, authToken: "t0ken", fetch: replay(name).fetch });
    await expect(sender.sendSms(sms)).rejects.toMatchObject({ kind: "transient", code });
  });

  it("reports an unreachable Twilio as transient", async () => {
    const offline = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    await expect(createTwilioSmsSender({ accountSid: ACCOUNT, authToken: "t", fetch: offline }).sendSms(sms)).rejects.toMatchObject({ kind: "transient", code: null });
  });

  it("says what Twilio said, for the operator's dead-letter list", async () => {
    const sender = createTwilioSmsSender({ accountSid: ACCOUNT, authToken: "t0ken", fetch: replay("invalid-to").fetch });
    await expect(sender.sendSms(sms)).rejects.toThrow("Twilio: Invalid 'To' Phone Number: +44770090");
  });
});
