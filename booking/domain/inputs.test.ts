import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacters, longText, plainText, shortText, withoutForbiddenCharacters } from "./inputs";

describe("text inputs", () => {
  it("refuse C0 controls, DEL, C1 controls and lone surrogates", () => {
    for (const value of ["GH\u0000001", "a\u0001", "a\u001f", "a\u007f", "a\u0080", "a\u009f", "a\ud800", "\udc00a", "a\ud83d"]) {
      expect(hasForbiddenCharacters(value), JSON.stringify(value)).toBe(true);
      expect(hasForbiddenCharacters(value, { multiLine: true }), JSON.stringify(value)).toBe(true);
    }
  });

  it("allow tab and new lines in multi-line text only", () => {
    expect(hasForbiddenCharacters("a\tb\r\nc")).toBe(true);
    expect(hasForbiddenCharacters("a\tb\r\nc", { multiLine: true })).toBe(false);
  });

  it("allow accents, emoji (surrogate pairs) and other scripts", () => {
    expect(hasForbiddenCharacters("Müller 😀 مرحبا 東京 \u200d")).toBe(false);
  });

  it("remove exactly the refused characters, keeping pairs and (for multi-line text) tab and new lines", () => {
    expect(withoutForbiddenCharacters("Ad\u0000a\u0007 Love\u009flace\ud800 😀")).toBe("Ada Lovelace 😀");
    expect(withoutForbiddenCharacters("a\tb\r\nc\u0000")).toBe("abc");
    expect(withoutForbiddenCharacters("a\tb\r\nc\u0000", { multiLine: true })).toBe("a\tb\r\nc");
    expect(hasForbiddenCharacters(withoutForbiddenCharacters("\u0000\u0001\u001f\u007f\u0080\udc00x"))).toBe(false);
  });

  it("answer a field error, not an exception, in the zod helpers", () => {
    const short = shortText(40).safeParse("GH\u0000001");
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(shortText(40).parse("  GH001 ")).toBe("GH001");
    expect(longText(200).parse("Hello\r\nthere")).toBe("Hello\r\nthere");
    expect(longText(200).safeParse("Hello\u0000").success).toBe(false);
    expect(plainText({ error: "Please enter a store code." }).safeParse(undefined).error?.issues[0]?.message).toBe("Please enter a store code.");
  });
});
