import { describe, expect, expectTypeOf, it } from "vitest";
import { ERROR_CODES, FIELD_CODES, type ErrorCode, type FieldCode } from "~/booking.server";
import { createI18n } from "~/i18n/i18n.server";
import { ERROR_TABLE, FIELD_KEYS, PLACE_RULES, behaviourFor, fieldTexts, firstMessageText, shownText, toastOf, type Behaviour } from "./error-table";

const en = createI18n("en");
const de = createI18n("de");

function keysOf(behaviour: Behaviour): string[] {
  return [behaviour.key, behaviour.fallbackKey, behaviour.pageKey].filter((key): key is string => Boolean(key));
}

describe("the §8 error table", () => {
  it("has a behaviour for every engine error code (checked by the compiler too)", () => {
    expectTypeOf<keyof typeof ERROR_TABLE>().toEqualTypeOf<ErrorCode>();
    for (const code of ERROR_CODES) expect(ERROR_TABLE[code], code).toBeDefined();
    expect(Object.keys(ERROR_TABLE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("has an i18n key or the engine's text for every field code", () => {
    expectTypeOf<keyof typeof FIELD_KEYS>().toEqualTypeOf<FieldCode>();
    expect(Object.keys(FIELD_KEYS).sort()).toEqual([...FIELD_CODES].sort());
  });

  it("names only texts that exist in English and German", () => {
    const behaviours = [
      ...Object.values(ERROR_TABLE),
      ...Object.values(PLACE_RULES).flatMap((rule: { codes?: object; otherwise?: Behaviour }) => [...Object.values(rule.codes ?? {}), ...(rule.otherwise ? [rule.otherwise] : [])]),
    ];
    const keys = [...behaviours.flatMap(keysOf), ...(Object.values(FIELD_KEYS) as (string | null)[]).filter((key): key is string => Boolean(key))];
    for (const key of keys) {
      expect(en.exists(key), `en: ${key}`).toBe(true);
      expect(de.exists(key), `de: ${key}`).toBe(true);
    }
  });

  it("answers the CMS's operations questions: a refused area or dates is a bad request, anything else a bug (ADR 160)", () => {
    expect(behaviourFor("VALIDATION", "operations.bookings-count").show).toBe("field");
    expect(behaviourFor("BK01", "operations.bookings-count").show).toBe("error-page");
    expect(behaviourFor("NOT_FOUND", "operations.webhook-redeliver").show).toBe("field");
    expect(behaviourFor("BK01", "operations.webhook-redeliver").show).toBe("error-page");
  });

  it("answers the staff pages: another's job is the 403 page, a refused step stays under its fields, anything else is a bug (ADR 099)", () => {
    expect(behaviourFor("JOB_FORBIDDEN", "store").show).toBe("forbidden");
    expect(behaviourFor("VALIDATION", "store").show).toBe("field");
    expect(behaviourFor("OR03", "store").show).toBe("error-page");
  });

  it("follows §8 in the booking flow", () => {
    expect(behaviourFor("BK01")).toMatchObject({ show: "toast", key: "booking.errors.bookingProblem", durationMs: 15_000, redirect: "/booking", clearBooking: true });
    expect(behaviourFor("BK04")).toMatchObject({ show: "toast", key: "landing.postcodeInvalid", durationMs: 15_000, redirect: "start" });
    expect(behaviourFor("BK13")).toMatchObject({ redirect: "/booking/repair-date", checkoutFix: "date" });
    expect(behaviourFor("RBK15")).toMatchObject({ show: "modal", modal: "out-of-warranty" });
    expect(behaviourFor("PAYMENT_DECLINED")).toMatchObject({ key: "booking.toasts.paymentDeclined", durationMs: 6_000, keepsPaymentMethod: true });
    expect(behaviourFor("PAYMENT_GATEWAY_ERROR").keepsPaymentMethod).toBeUndefined();
  });

  it("treats a code it does not know as §8's 'any other': the error for 15 s, in German the neutral text, never 'declined'", () => {
    expect(behaviourFor("SOMETHING_NEW")).toEqual({ show: "toast", fallbackKey: "toast.genericError", durationMs: 15_000, anyOther: true });
    expect(behaviourFor(undefined).show).toBe("toast");
    expect(toastOf(behaviourFor("SOMETHING_NEW"), ["The device was not found."], "en")).toEqual({ text: "The device was not found.", durationMs: 15_000 });
    expect(toastOf(behaviourFor("SOMETHING_NEW"), ["The device was not found."], "de")).toEqual({ key: "toast.genericError", durationMs: 15_000 });
    expect(de.t("toast.genericError")).toBe("Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.");
    expect(en.t("toast.genericError")).toBe("Something went wrong. Please try again.");
  });

  it("says 'declined' only for a payment decline: no code but PAYMENT_DECLINED has that text, in any place", () => {
    const places = Object.keys(PLACE_RULES) as (keyof typeof PLACE_RULES)[];
    for (const code of ERROR_CODES.filter((c) => c !== "PAYMENT_DECLINED")) {
      for (const place of places) {
        const behaviour = behaviourFor(code, place, ["A message"]);
        expect(keysOf(behaviour), `${code} at ${place}`).not.toContain("booking.toasts.paymentDeclined");
        if (behaviour.show === "toast") expect(toastOf(behaviour, ["A message"], "de").key, `${code} at ${place}`).not.toBe("booking.toasts.paymentDeclined");
      }
    }
  });

  it("gives the codes it knows their own localised text on German pages, else the neutral one, for 15 s", () => {
    expect(toastOf(behaviourFor("PAYMENT_GATEWAY_ERROR"), ["Processor Network Unavailable"], "de")).toEqual({ key: "booking.toasts.cardError", durationMs: 15_000 });
    expect(toastOf(behaviourFor("NOT_FOUND"), ["The device was not found."], "de")).toEqual({ key: "toast.genericError", durationMs: 15_000 });
    expect(toastOf(behaviourFor("OR04"), ["x"], "de")).toEqual({ key: "toast.genericError", durationMs: 15_000 });
    expect(toastOf(behaviourFor("ORDER_CANCELLED"), ["x"], "de")).toEqual({ key: "manage.errors.cancelled", durationMs: 15_000 });
  });

  it("shows the payment-declined text for 6 s only for a decline, or a refused charge that came with no message (§8)", () => {
    expect(toastOf(behaviourFor("PAYMENT_DECLINED", "booking.payment", ["Do Not Honor"]), ["Do Not Honor"], "en")).toEqual({
      key: "booking.toasts.paymentDeclined",
      durationMs: 6_000,
    });
    expect(toastOf(behaviourFor("PAYMENT_GATEWAY_ERROR", "booking.payment", []), [], "de")).toEqual({ key: "booking.toasts.paymentDeclined", durationMs: 6_000 });
    expect(toastOf(behaviourFor("SOMETHING_NEW", "booking.payment", [" "]), [], "en")).toEqual({ key: "booking.toasts.paymentDeclined", durationMs: 6_000 });
    // With a message, or away from the charge, a message-less error is the neutral text for 15 s.
    expect(toastOf(behaviourFor("PAYMENT_GATEWAY_ERROR", "booking.payment", ["Gateway down"]), ["Gateway down"], "en")).toEqual({ text: "Gateway down", durationMs: 15_000 });
    expect(toastOf(behaviourFor("NOT_FOUND", "booking", []), [], "en")).toEqual({ key: "toast.genericError", durationMs: 15_000 });
    expect(toastOf(behaviourFor("NOT_FOUND", "booking.details", []), [], "de")).toEqual({ key: "toast.genericError", durationMs: 15_000 });
    // A code with a text of its own keeps it without a message.
    expect(behaviourFor("BK27", "booking.payment", [])).toBe(ERROR_TABLE.BK27);
  });
});

describe("places that differ from the table", () => {
  it("keeps a malformed postcode under the postcode field and shows one no area covers in the error modal, with the server's message", () => {
    const notCovered = { postcode: ["POSTCODE_NOT_COVERED"] };
    const malformed = { postcode: ["POSTCODE_INVALID"] };
    expect(behaviourFor("BK04", "booking.postcode", ["Please enter a valid postcode."], malformed)).toEqual({ show: "field", key: "landing.postcodeInvalid" });
    expect(behaviourFor("VALIDATION", "booking.postcode")).toEqual({ show: "field", key: "landing.postcodeInvalid" });
    const refused = behaviourFor("BK04", "booking.postcode", ["Sorry, we don't cover that postcode yet."], notCovered);
    expect(refused.show).toBe("modal");
    const error = { messages: ["Sorry, we don't cover that postcode yet."], fieldCodes: notCovered };
    expect(en.t(firstMessageText(refused, error, "en").key!)).toBe("Sorry, we don't cover that postcode yet.");
    expect(de.t(firstMessageText(refused, error, "de").key!)).toBe("Leider sind wir in diesem Postleitzahlgebiet noch nicht im Einsatz.");
    // Without a field code, the English message as it came, else the table's text.
    expect(firstMessageText(refused, { messages: ["No van goes there."] }, "en")).toEqual({ text: "No van goes there." });
    expect(firstMessageText(refused, { messages: ["No van goes there."] }, "de")).toEqual({ key: "landing.postcodeNotCovered" });
    expect(behaviourFor("BK09", "booking.postcode")).toBe(ERROR_TABLE.BK09);
    // The store searches keep every refusal under the field.
    expect(behaviourFor("BK04", "booking.stores", [], notCovered)).toEqual({ show: "field", key: "landing.postcodeInvalid" });
  });

  it("shows a missing or unknown booking code under the field, without clearing the booking", () => {
    expect(behaviourFor("BK01", "booking.continue")).toEqual({ show: "field", key: "booking-location.continue.codeUnknown" });
    expect(behaviourFor("VALIDATION", "booking.continue")).toEqual({ show: "field", key: "booking-location.continue.codeMissing" });
  });

  it("takes a duplicate charge's BK07 as success, and rethrows what a loader does not expect", () => {
    expect(behaviourFor("BK07", "booking.payment")).toEqual({ show: "ignore", redirect: "/booking/complete" });
    expect(behaviourFor("BK01", "booking.session")).toMatchObject({ show: "ignore", clearBooking: true });
    expect(behaviourFor("BK27", "booking.session").show).toBe("error-page");
    expect(behaviourFor("VALIDATION", "booking.stores")).toEqual({ show: "field", key: "landing.postcodeInvalid" });
    expect(behaviourFor("OR03", "booking.stores").show).toBe("error-page");
  });

  it("shows manage lookup errors in the red alert, the same for a wrong e-mail and a wrong reference", () => {
    expect(behaviourFor("ORDER_NOT_FOUND", "manage.lookup")).toEqual({ show: "alert", key: "manage-lookup.errors.notFound" });
    expect(behaviourFor("TOO_MANY_ATTEMPTS", "manage.lookup").show).toBe("alert");
    expect(behaviourFor("ORDER_NOT_FOUND", "manage.cancel")).toMatchObject({ show: "toast", redirect: "lookup" });
  });

  it("keeps OR03 in the address modal for 10 seconds and OR04 with its text", () => {
    expect(behaviourFor("OR03", "manage.address")).toMatchObject({ show: "modal", key: "manage.address.errors.noTechnician", hideAfterMs: 10_000 });
    expect(behaviourFor("OR04", "manage.address")).toMatchObject({ show: "modal", key: "manage.address.errors.dateUnavailable" });
  });

  it("shows OR04's first server message inside the date modal; other date errors close it", () => {
    const or04 = behaviourFor("OR04", "manage.date");
    expect(or04.show).toBe("modal");
    expect(shownText(or04, ["Sorry, that date is not available.", "second"], "en")).toEqual({ text: "Sorry, that date is not available." });
    expect(shownText(or04, ["Sorry, that date is not available."], "de")).toEqual({ key: "manage.date.errors.unavailable" });
    expect(behaviourFor("PAYMENT_GATEWAY_ERROR", "manage.date")).toMatchObject({ show: "toast", redirect: "manage" });
    expect(behaviourFor("ORDER_CHANGE_WINDOW_CLOSED", "manage.date")).toMatchObject({ show: "toast", key: "manage.changesClosed" });
  });

  it("toasts the first server message of a cancel error", () => {
    const behaviour = behaviourFor("PAYMENT_GATEWAY_ERROR", "manage.cancel");
    expect(behaviour.show).toBe("toast");
    expect(shownText(behaviour, ["The refund could not be started."], "en")).toEqual({ text: "The refund could not be started." });
    expect(shownText(behaviour, ["The refund could not be started."], "de", "manage.errors.generic")).toEqual({ key: "manage.errors.generic" });
  });

  it("shows contact field problems under the fields and the captcha in the form's alert", () => {
    expect(behaviourFor("VALIDATION", "contact.message").show).toBe("field");
    expect(behaviourFor("CAPTCHA_FAILED", "contact.message").show).toBe("alert");
    expect(behaviourFor("BK27", "contact.message")).toEqual({ show: "alert", key: "contact.errors.generic" });
    expect(behaviourFor("BK27", "contact.call-back").show).toBe("field");
  });
});

describe("field problems by code", () => {
  const imei = { fields: { imei: ["That IMEI number is not valid. Please check it and try again."] }, fieldCodes: { imei: ["IMEI_INVALID_CHECKSUM"] } };

  it("shows the same text for a field code on every page, in English and German", () => {
    expect(fieldTexts(imei, "imei", (key) => en.t(key))).toEqual(["That IMEI number is not valid. Please check it and try again."]);
    expect(fieldTexts(imei, "imei", (key) => de.t(key))).toEqual(["Diese IMEI-Nummer ist nicht gültig. Bitte prüfen Sie sie und versuchen Sie es erneut."]);
  });

  it("shows the engine's message for a code the web has no text for, or without codes", () => {
    const other = { fields: { store_code: ["Sorry, we don't recognise that store code."] }, fieldCodes: { store_code: ["STORE_UNKNOWN"] } };
    expect(fieldTexts(other, "store_code", (key) => de.t(key))).toEqual(["Sorry, we don't recognise that store code."]);
    expect(fieldTexts({ fields: { imei: ["x"] } }, "imei", (key) => de.t(key))).toEqual(["x"]);
    expect(fieldTexts(imei, "email", (key) => en.t(key))).toEqual([]);
  });
});
