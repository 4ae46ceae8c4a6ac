import { describe, expect, it } from "vitest";
import { IMEI_MESSAGES, SERIAL_MESSAGES, luhnValid, validateImei, validateSerial } from "./imei";

describe("validateImei", () => {
  it.each(["490154203237518", "356938035643809", "352099001761481"])("accepts the valid IMEI %s", (imei) => {
    expect(validateImei(imei)).toEqual({ ok: true, value: imei });
  });

  it("accepts an IMEI written in groups and returns the bare digits", () => {
    expect(validateImei(" 35-209900-176148-1 ")).toEqual({ ok: true, value: "352099001761481" });
    expect(validateImei("35 209900 176148 1")).toEqual({ ok: true, value: "352099001761481" });
  });

  it("asks for an IMEI when it is empty", () => {
    expect(validateImei("")).toEqual({ ok: false, reason: "empty", code: "IMEI_MISSING", message: IMEI_MESSAGES.empty });
    expect(validateImei(undefined)).toMatchObject({ ok: false, reason: "empty" });
  });

  it("rejects an IMEI with letters", () => {
    expect(validateImei("49015420323751A")).toEqual({ ok: false, reason: "not_digits", code: "IMEI_NOT_DIGITS", message: IMEI_MESSAGES.not_digits });
  });

  it("rejects an IMEI that is not 15 digits long", () => {
    expect(validateImei("49015420323751")).toEqual({ ok: false, reason: "wrong_length", code: "IMEI_WRONG_LENGTH", message: IMEI_MESSAGES.wrong_length });
    expect(validateImei("4901542032375180")).toMatchObject({ reason: "wrong_length" });
    expect(IMEI_MESSAGES.wrong_length).toContain("15 digits");
  });

  it("rejects an IMEI whose check digit fails the Luhn check", () => {
    expect(validateImei("490154203237519")).toEqual({ ok: false, reason: "failed_check", code: "IMEI_INVALID_CHECKSUM", message: IMEI_MESSAGES.failed_check });
    expect(validateImei("356938035643808")).toMatchObject({ reason: "failed_check" });
  });
});

describe("luhnValid", () => {
  it("checks the Luhn sum", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
  });
});

describe("validateSerial", () => {
  it.each(["DMPXK0ABJF8J", "F2LZK1ABCD", "C02XL0GHJG5H"])("accepts the serial %s", (serial) => {
    expect(validateSerial(serial)).toEqual({ ok: true, value: serial });
  });

  it("upper-cases and removes spaces", () => {
    expect(validateSerial(" dmpxk0abjf8j ")).toEqual({ ok: true, value: "DMPXK0ABJF8J" });
  });

  it("asks for a serial when it is empty", () => {
    expect(validateSerial("  ")).toEqual({ ok: false, reason: "empty", code: "SERIAL_MISSING", message: SERIAL_MESSAGES.empty });
  });

  it.each([
    ["too short", "DMPXK0ABJ"],
    ["too long", "DMPXK0ABJF8JX"],
    ["contains O", "DMPXKOABJF8J"],
    ["contains I", "DMPXKIABJF8J"],
    ["contains punctuation", "DMPXK0AB_F8J"],
  ])("rejects a serial that is %s", (_why, serial) => {
    expect(validateSerial(serial)).toEqual({ ok: false, reason: "bad_format", code: "SERIAL_FORMAT", message: SERIAL_MESSAGES.bad_format });
  });
});
