/** The committed partner API client types (tests/support/api-client/schema.d.ts) are what `npm run api:client` generates now. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCHEMA_FILE, schemaText } from "../support/api-client/generate";

describe("the generated API client types", () => {
  it("match a fresh generation from the route list (run npm run api:client after changing a route)", async () => {
    const fresh = await schemaText();
    expect(fresh).toContain('"/wefix-booking/{ref}/charge"');
    expect(readFileSync(SCHEMA_FILE, "utf8") === fresh, "tests/support/api-client/schema.d.ts is stale: npm run api:client").toBe(true);
  });
});
