import { describe, expect, it } from "vitest";
import { apiRoutes } from "./index";
import { openApiDocument, OPENAPI_PATH } from "./openapi";
import { apiBases, createApiRouter } from "./router";
import { API_PREFIX, expressPath } from "./routes";

/** What the Express routers really mounted, one per base as server.ts mounts them: `METHOD /base/path` for every route layer. */
function mounted(): string[] {
  return apiBases(apiRoutes).flatMap((base) => {
    const router = createApiRouter({
      base,
      routes: apiRoutes,
      engine: async () => ({}) as never,
      authenticate: async () => null,
      carrier: async () => null,
      hostCarrier: async () => null,
    });
    const layers = (router as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }).stack;
    return layers.flatMap((layer) =>
      layer.route && layer.route.path !== "*" && layer.route.path !== OPENAPI_PATH
        ? Object.keys(layer.route.methods)
            .filter((method) => method !== "_all")
            .map((method) => `${method.toUpperCase()} ${base}${layer.route!.path}`)
        : [],
    );
  });
}

describe("the OpenAPI document (ADR 174)", () => {
  const document = openApiDocument(apiRoutes);

  it("is OpenAPI 3.1 with the bearer and key-parameter schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["bearer", "keyParameter"]);
    expect(document.servers).toEqual([{ url: "/api/v4" }]);
  });

  it("documents every mounted route, and mounts every documented one", () => {
    // An operation's own server (a call outside /api/v4, ADR 176) is where it is served.
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { servers?: { url: string }[] }>)
        .filter(([method]) => ["get", "post", "put", "delete", "patch"].includes(method))
        .map(([method, operation]) => `${method.toUpperCase()} ${operation.servers?.[0]?.url ?? API_PREFIX}${expressPath(path)}`),
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

  it("serves the UK order-address list at the spec's path outside /api/v4, the proof upload as multipart, and the 429", () => {
    const addresses = (document.paths?.["/order/addresses/{postcode}"] as { get: { servers: { url: string }[] } }).get;
    expect(addresses.servers).toEqual([{ url: "/api/repair" }]);
    const upload = (document.paths?.["/orders/devices/{id}/validation-images"] as { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }).post;
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(upload.requestBody.content["multipart/form-data"]!.schema.properties)).toEqual(["email", "image"]);
    const build = (document.paths?.["/wefix-booking/build"] as { post: { responses: Record<string, { headers?: Record<string, unknown> }> } }).post;
    expect(Object.keys(build.responses["201"]!.headers ?? {})).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]));
    expect(Object.keys(build.responses["429"]!.headers ?? {})).toContain("Retry-After");
  });

  it("documents the order's state, refunds and history on GET /customer/{ref}, and the order.refunded webhook (ADR 247)", () => {
    const schemas = document.components?.schemas as Record<string, { properties: Record<string, { enum?: string[] }> }>;
    expect(Object.keys(schemas.Order!.properties)).toEqual(expect.arrayContaining(["state", "closed", "money", "history"]));
    expect(schemas.Order!.properties.state!.enum).toEqual(["booked", "moved", "cancelled", "refunded", "partly_refunded", "completed"]);
    const webhooks = (document as { webhooks?: Record<string, { post: { summary: string } }> }).webhooks ?? {};
    expect(Object.keys(webhooks)).toContain("order.refunded");
    expect(webhooks["order.refunded"]!.post.summary).toMatch(/refunded_minor/);
    const event = schemas.WebhookEvent!.properties.type!;
    expect(event.enum).toContain("order.refunded");
  });
});
