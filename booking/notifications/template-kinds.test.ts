import { describe, expect, it } from "vitest";
import { MESSAGE_PLACEHOLDERS } from "../../cms/src/lib/message-templates";
import { PLACEHOLDERS_OF } from "./template-kinds";

describe("message kinds and their placeholders", () => {
  it("are the same in the CMS, which refuses others on save, and in the engine, which fills them", () => {
    expect(MESSAGE_PLACEHOLDERS).toEqual(PLACEHOLDERS_OF);
  });
});
