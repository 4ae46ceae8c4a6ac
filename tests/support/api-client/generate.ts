/**
 * The partner API's TypeScript client types (issue 23 item 8): the OpenAPI document the server
 * serves (openapi.ts, from the route list, no server needed) turned into `paths` by
 * openapi-typescript, for openapi-fetch's typed client. `npm run api:client` writes both files;
 * tests/unit/api-client-types.test.ts fails when the committed ones differ from a fresh generation.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { apiRoutes } from "../../../booking/http/index";
import { openApiDocument } from "../../../booking/http/openapi";

export const CLIENT_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DOCUMENT_FILE = path.join(CLIENT_DIR, "openapi.json");
export const SCHEMA_FILE = path.join(CLIENT_DIR, "schema.d.ts");

const HEADER = "// Generated from /api/v4/openapi.json by scripts/api-client.mjs (npm run api:client); do not edit.\n";

/** The document as /api/v4/openapi.json serves it, as the committed file holds it. */
export function documentText(): string {
  return `${JSON.stringify(openApiDocument(apiRoutes), null, 2)}\n`;
}

/** The `paths` and `components` types openapi-typescript prints for the document. */
export async function schemaText(document = documentText()): Promise<string> {
  const ast = await openapiTS(JSON.parse(document) as OpenAPI3, { alphabetize: false, exportType: true });
  return HEADER + astToString(ast);
}
