import { describe, expect, it } from "vitest";
import { localiseApiError, siteText } from "./error-texts.server";

describe("the partner API's error texts (ADR 170)", () => {
  it("keeps the engine's English and the API's own codes as they are", () => {
    const error = { code: "BK04", messages: ["Please enter a valid postcode."], fields: {}, fieldCodes: {} };
    expect(localiseApiError(error, "en")).toEqual({ messages: error.messages, fields: {} });
    const own = { code: "UNAUTHORIZED", messages: ["A valid API key is required."], fields: {}, fieldCodes: {} };
    expect(localiseApiError(own, "de").messages).toEqual(own.messages);
  });

  it("answers in German with the pages' §8 and field texts", () => {
    const invalid = { code: "VALIDATION", messages: ["x"], fields: { imei: ["The IMEI number must be 15 digits long."] }, fieldCodes: { imei: ["IMEI_WRONG_LENGTH"] } };
    const german = localiseApiError(invalid, "de");
    expect(german.fields.imei).toEqual([siteText("de", "booking-device.engineMessages.imeiLength")]);
    expect(german.fields.imei![0]).not.toBe(invalid.fields.imei[0]);
    const postcode = localiseApiError({ code: "BK04", messages: ["Please enter a valid postcode."], fields: {}, fieldCodes: {} }, "de");
    expect(postcode.messages).toEqual(["Bitte geben Sie eine gültige Postleitzahl ein."]);
  });
});
