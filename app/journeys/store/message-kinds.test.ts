import { describe, expect, it } from "vitest";
import { CUSTOMER_MESSAGE_KINDS } from "@repair/rules/message-kinds";
import en from "~/i18n/locales/en/store.json";
import de from "~/i18n/locales/de/store.json";

/** The desk lists an order's messages by kind in words (issue 36 item 6, ADR 255): every kind the engine sends has its words, in both languages. */
describe("the desk's message kinds in words", () => {
  it.each([
    ["en", en],
    ["de", de],
  ] as const)("names every customer message kind in %s", (_, texts) => {
    const kinds = texts.service.messages.kind as Record<string, string>;
    for (const kind of CUSTOMER_MESSAGE_KINDS) expect(kinds[kind], kind).toMatch(/\S/);
  });
});
