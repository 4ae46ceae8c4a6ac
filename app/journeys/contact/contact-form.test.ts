import { describe, expect, it } from "vitest";
import { callBackFormSchema, checkForm, messageFormSchema } from "./contact-form";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe("refused characters (ADR 231)", () => {
  it("put the unsupported-characters error under each refused field, with the other errors and every value as sent", () => {
    const sent = { name: "Ada Lovelace", email: "ada@example.com", phone: "", postcode: "SW1A 1AA" };
    const result = checkForm(callBackFormSchema, form(sent), ["name"]);
    expect(result).toEqual({ ok: false, fields: { name: "contact.errors.unsupportedCharacters", phone: "contact.errors.phoneMissing" }, values: sent });
    expect(checkForm(callBackFormSchema, form({ ...sent, phone: "07700 900123" }), []).ok).toBe(true);
    expect(checkForm(callBackFormSchema, form({ ...sent, phone: "07700 900123" }), ["postcode"])).toMatchObject({
      ok: false,
      fields: { postcode: "contact.errors.unsupportedCharacters" },
    });
  });
});

describe("contact message form", () => {
  it("requires full name, e-mail, telephone, reason and message", () => {
    const result = checkForm(messageFormSchema, form({ name: "", email: "", phone: " ", reason: "", message: "" }));
    expect(result).toMatchObject({
      ok: false,
      fields: {
        name: "contact.errors.nameMissing",
        email: "contact.errors.emailMissing",
        phone: "contact.errors.phoneMissing",
        reason: "contact.errors.reasonMissing",
        message: "contact.errors.messageMissing",
      },
    });
  });

  it("keeps what was typed, and refuses an e-mail that is not one", () => {
    const result = checkForm(messageFormSchema, form({ name: "Ada", email: "ada@", phone: "07700900123", reason: "2", message: "Hello" }));
    expect(result).toEqual({
      ok: false,
      fields: { email: "contact.errors.emailInvalid" },
      values: { name: "Ada", email: "ada@", phone: "07700900123", reason: "2", message: "Hello" },
    });
  });

  it("passes a complete message with the captcha token", () => {
    const result = checkForm(messageFormSchema, form({ name: "Ada", email: "ada@example.com", phone: "07700900123", reason: "2", message: "Hello", g_recaptcha_response: "tok" }));
    expect(result).toMatchObject({ ok: true, value: { reason: "2", g_recaptcha_response: "tok" } });
  });
});

describe("call-back form", () => {
  it("requires name, e-mail and telephone; the postcode is optional", () => {
    expect(checkForm(callBackFormSchema, form({ name: "", email: "", phone: "" }))).toMatchObject({
      ok: false,
      fields: { name: "contact.errors.nameMissing", email: "contact.errors.emailMissing", phone: "contact.errors.phoneMissing" },
    });
    expect(checkForm(callBackFormSchema, form({ name: "Ada", email: "ada@example.com", phone: "07700900123" })).ok).toBe(true);
  });
});
