import { describe, expect, it } from "vitest";
import { apiRoutes } from "./index";
import { openApiDocument, OPENAPI_PATH } from "./openapi";
import { createApiRouter } from "./router";
import { expressPath } from "./routes";

/** What the Express router really mounted: `METHOD /path` for every route layer. */
function mounted(): string[] {
  const router = createApiRouter({ routes: apiRoutes, engine: async () => ({}) as never, authenticate: async () => null, carrier: async () => null });
  const layers = (router as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }).stack;
  return layers.flatMap((layer) =>
    layer.route && layer.route.path !== "*" && layer.route.path !== OPENAPI_PATH
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== "_all")
          .map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}

describe("the OpenAPI document (ADR 174)", () => {
  const document = openApiDocument(apiRoutes);

  it("is OpenAPI 3.1 with the bearer and key-parameter schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["bearer", "keyParameter"]);
    expect(document.servers).toEqual([{ url: "/api/v4" }]);
  });

  it("documents every mounted route, and mounts every documented one", () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((method) => ["get", "post", "put", "delete", "patch"].includes(method))
        .map((method) => `${method.toUpperCase()} ${expressPath(path)}`),
    );
    expect(documented.sort()).toEqual(mounted().sort());
    expect(documented.length).toBe(apiRoutes.length);
  });

  it("states each call's request body from the schema the router validates with", () => {
    const build = (
      document.paths?.["/wefix-booking/build"] as { post: { requestBody: { content: Record<string, { schema: { properties: object; additionalProperties?: boolean } }> } } }
    ).post;
    const schema = build.requestBody.content["application/json"]!.schema;
    expect(Object.keys(schema.properties)).toEqual(["referrer", "channel", "lucidRef", "is_business_account"]);
    expect(schema.additionalProperties).toBe(false);
    const charge = (document.paths?.["/wefix-booking/{ref}/charge"] as { post: { parameters: { name: string; in: string }[] } }).post;
    expect(charge.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "ref", in: "path" }), expect.objectContaining({ name: "idempotency-key", in: "header" })]),
    );
  });
});
