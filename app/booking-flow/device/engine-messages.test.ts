import { describe, expect, it } from "vitest";
import { IMEI_MESSAGES, SERIAL_MESSAGES, TABLET_MAKE_MESSAGE } from "~/booking.server";
import { createI18n } from "~/i18n/i18n";
import { engineMessage, KNOWN_ENGINE_MESSAGES } from "./engine-messages";

describe("engine messages on the device steps", () => {
  it("knows every IMEI and serial number message the engine can answer", () => {
    for (const message of [...Object.values(IMEI_MESSAGES), ...Object.values(SERIAL_MESSAGES), TABLET_MAKE_MESSAGE]) {
      expect(KNOWN_ENGINE_MESSAGES).toHaveProperty([message]);
    }
  });

  it("has an English and a German text for each", () => {
    for (const locale of ["en", "de"] as const) {
      const i18n = createI18n(locale);
      for (const key of Object.values(KNOWN_ENGINE_MESSAGES)) expect(i18n.exists(key), `${locale}: ${key}`).toBe(true);
    }
  });

  it("shows the engine's English message in German, and an unknown message as it came", () => {
    const de = createI18n("de");
    expect(engineMessage(IMEI_MESSAGES.wrong_length, (key) => de.t(key))).toBe("Die IMEI-Nummer muss 15 Ziffern lang sein.");
    expect(engineMessage("Something new.", (key) => de.t(key))).toBe("Something new.");
  });
});
