// Writes the partner API's OpenAPI document (from the route list, no server) and the TypeScript
// client types openapi-typescript generates from it, into tests/support/api-client/ (issue 23 item 8).
// tests/unit/api-client-types.test.ts fails when the committed files differ. Run: npm run api:client
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DOCUMENT_FILE, SCHEMA_FILE, documentText, schemaText } from "../tests/support/api-client/generate.ts";

const document = documentText();
const schema = await schemaText(document);
for (const [file, text] of [
  [DOCUMENT_FILE, document],
  [SCHEMA_FILE, schema],
]) {
  let old = null;
  try {
    old = readFileSync(file, "utf8");
  } catch {
    // first generation
  }
  if (old !== text) writeFileSync(file, text);
  console.log(`${path.relative(process.cwd(), file)} ${old === text ? "unchanged" : "written"}`);
}
