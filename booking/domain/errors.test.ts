import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkDeviceIdentifier } from "./identifiers";
import { DateUnavailableError, FIELD_CODES, FIELD_MESSAGES, PaymentFailedError, PostcodeNotCoveredError, ValidationError, fieldIssue } from "./errors";
import type { CarrierContext } from "./carrier";

const carrier = { singleMakeId: 2 } as CarrierContext;

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error("nothing was thrown");
}

describe("field codes beside the English messages", () => {
  it("gives every field code its own message, so a message names one code", () => {
    const messages = FIELD_CODES.map((code) => FIELD_MESSAGES[code]);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it("reports an IMEI problem with a stable code and the English text", () => {
    const error = thrownBy(() => checkDeviceIdentifier(carrier, { kind: "phone", makeId: 1 }, "490154203237519"));
    expect(error.code).toBe("VALIDATION");
    expect(error.fields).toEqual({ imei: ["That IMEI number is not valid. Please check it and try again."] });
    expect(error.fieldCodes).toEqual({ imei: ["IMEI_INVALID_CHECKSUM"] });
    expect(error.toJSON()).toMatchObject({ field_codes: { imei: ["IMEI_INVALID_CHECKSUM"] } });
  });

  it("codes a tablet of another make and an appliance", () => {
    expect(thrownBy(() => checkDeviceIdentifier(carrier, { kind: "tablet", makeId: 1 }, "DMPXK0ABF8J")).fieldCodes).toEqual({ imei: ["SERIAL_MAKE_NOT_REPAIRED"] });
    expect(thrownBy(() => checkDeviceIdentifier(carrier, { kind: "appliance", makeId: 1 }, "x")).fieldCodes).toEqual({ imei: ["IDENTIFIER_NOT_TAKEN"] });
  });

  it("codes a zod message from the catalogue, and any other message as INVALID", () => {
    const schema = z.object({ postcode: z.string().min(1, FIELD_MESSAGES.POSTCODE_MISSING), name: z.string() });
    const parsed = schema.safeParse({ postcode: "", name: 1 });
    const error = ValidationError.fromZod(parsed.error!);
    expect(error.fieldCodes).toEqual({ postcode: ["POSTCODE_MISSING"], name: ["INVALID"] });
    expect(error.fields.postcode).toEqual(["Please enter a postcode."]);
  });

  it("keeps a custom message with its code", () => {
    expect(fieldIssue({ code: "DATE_UNAVAILABLE", message: "Please choose a repair date." })).toEqual({ code: "DATE_UNAVAILABLE", message: "Please choose a repair date." });
    expect(new DateUnavailableError("Please choose a repair date.").fieldCodes).toEqual({ date: ["DATE_UNAVAILABLE"] });
  });

  it("codes the postcode, promo and billing problems of the other errors", () => {
    expect(new PostcodeNotCoveredError().fieldCodes).toEqual({ postcode: ["POSTCODE_INVALID"] });
    expect(new PostcodeNotCoveredError("ADDRESS_NOT_COVERED").messages).toEqual(["Sorry, we don't cover that address yet."]);
    expect(new PaymentFailedError("declined", "2000", undefined, { address: true, phoneNumber: true })).toMatchObject({
      fields: { billing_address: ["Incorrect billing address"], phone_number: ["Incorrect phone number"] },
      fieldCodes: { billing_address: ["BILLING_ADDRESS_INCORRECT"], phone_number: ["PHONE_NUMBER_INCORRECT"] },
    });
  });
});
