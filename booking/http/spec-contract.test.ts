/**
 * Issue 39 item 5: the contract of spec §7, kept as data. Each of §7's 51 calls with the fields the
 * spec writes for it and where each goes (path, query, body), and the fields the project adds, which
 * must stay optional. The OpenAPI document (generated from the same zod schemas that validate the
 * requests, ADR 174) must accept exactly these: a field renamed, moved, dropped or added fails here.
 */
import { describe, expect, it } from "vitest";
import { apiRoutes } from "./index";
import { openApiDocument } from "./openapi";
import { API_PREFIX, pathPattern } from "./routes";

type Method = "get" | "post" | "put" | "delete";
interface SpecCall {
  method: Method;
  /** The path as §7 writes it, from the server's root. */
  spec: string;
  query?: string[];
  body?: string[];
  /** Fields the project accepts beyond §7's (ADRs 172–177, 267–269): optional, never required. */
  extraQuery?: string[];
  extraBody?: string[];
  /** The call takes multipart/form-data with this file part. */
  file?: string;
}

const B = "/api/v4/wefix-booking";
const V4 = "/api/v4";
const CUSTOMER = ["email", "email_consent", "first_name", "last_name", "phone_number", "billing_first_name", "billing_last_name", "billing_address", "address", "force_persist"];

/** Spec §7, call by call. */
export const SPEC_CALLS: SpecCall[] = [
  // Bookings (prefix /api/v4/wefix-booking)
  { method: "post", spec: `${B}/build`, body: ["referrer", "channel", "lucidRef"], extraBody: ["is_business_account"] },
  { method: "get", spec: `${B}/{ref}` },
  { method: "get", spec: `${B}/by/ref/{ref}` },
  { method: "get", spec: `${B}/by/token/{token}` },
  { method: "post", spec: `${B}/{ref}/validate` },
  { method: "post", spec: `${B}/{ref}/discount-code`, body: ["discount_code"] },
  { method: "delete", spec: `${B}/{ref}/discount-code`, body: ["discount_code"] },
  { method: "post", spec: `${B}/{ref}/availability`, body: ["start_date", "days_to_load"] },
  { method: "post", spec: `${B}/{ref}/postcode`, body: ["postcode", "carrier", "is_business_account", "repair_type", "model_version_id", "problems"] },
  {
    method: "post",
    spec: `${B}/{ref}/address`,
    body: ["line_1", "line_2", "town", "postcode", "latitude", "longitude", "carrier", "is_business_account", "model_version_id", "problems"],
    extraBody: ["repair_type"],
  },
  { method: "post", spec: `${B}/{ref}/drop-off`, body: ["drop_off_company_store_id"] },
  { method: "delete", spec: `${B}/{ref}/drop-off`, body: ["drop_off_company_store_id"] },
  { method: "post", spec: `${B}/{ref}/customer-details`, body: CUSTOMER, extraBody: ["locale", "site_url"] },
  { method: "post", spec: `${B}/{ref}/update-klarna` },
  { method: "post", spec: `${B}/{ref}/date`, body: ["date", "requestPreferredDateCallback"] },
  { method: "post", spec: `${B}/{ref}/warranty`, body: ["in_warranty", "purchase_date", "imei"] },
  { method: "post", spec: `${B}/{ref}/confirm-iw` },
  { method: "post", spec: `${B}/{ref}/confirm-promo` },
  { method: "post", spec: `${B}/{ref}/charge`, body: ["paid_via_credit", "currency", "token", "payment_type", "invoice_payment"], extraBody: ["expected_total"] },
  { method: "post", spec: `${B}/{ref}/store`, body: ["carrier", "store_code"], extraBody: ["ignore"] },
  { method: "post", spec: `${B}/{ref}/generate-billing-tokens` },
  { method: "post", spec: `${B}/{ref}/request-call-back`, body: ["model_version_id", "postcode", "name", "email", "phone", "carrier"], extraBody: ["locale"] },
  { method: "get", spec: `${B}/carrier/{carrier}` },
  { method: "post", spec: `${B}/carrier/{carrier}/store/{storeId}`, body: ["postcode"] },
  { method: "get", spec: `${B}/{ref}/device/{deviceKey}` },
  {
    method: "post",
    spec: `${B}/{ref}/device/{deviceKey}`,
    body: ["model_version_id", "problems", "reference", "imei", "device_type_id", "triage_answers", "appliance_model_code"],
    extraBody: ["make_id", "colour", "customer_reference", "upsells", "insured"],
  },
  { method: "delete", spec: `${B}/{ref}/device/{deviceKey}` },
  { method: "post", spec: `${B}/devices/{id}/imei`, body: ["imei", "email", "customer_update"] },
  // Catalogue and others
  { method: "get", spec: `${V4}/makes/list/type/1`, query: ["show_available"] },
  { method: "get", spec: `${V4}/device/types`, query: ["repair_type_id"] },
  { method: "get", spec: `${V4}/models`, query: ["make_id", "type_id", "order_by", "filter_relationships", "isFromB2C"], extraQuery: ["device_type", "search"] },
  { method: "get", spec: `${V4}/models/{id}/versions` },
  { method: "get", spec: `${V4}/models/versions/{id}`, query: ["include_warranty_repairs"] },
  { method: "post", spec: `${V4}/booking/{ref}/triage-questions`, body: ["type"], extraBody: ["device_key"] },
  { method: "get", spec: `${V4}/company/stores/locate/{postcode}/{carrier}`, extraQuery: ["drop_off"] },
  { method: "get", spec: `${V4}/loqate/address-find`, query: ["text", "container", "country_code"] },
  { method: "get", spec: `${V4}/loqate/address-retrieve/{id}` },
  { method: "get", spec: `${V4}/loqate/geocode/{country}/{text}` },
  { method: "get", spec: `${V4}/contact-request-reason` },
  // §3 "Contact or message payload": a captcha token, also called g_recaptcha_response.
  { method: "post", spec: `${V4}/contact/post`, body: ["name", "email", "phone", "reason", "message", "captcha_token", "g_recaptcha_response", "carrier"], extraBody: ["locale"] },
  { method: "get", spec: "/api/repair/order/addresses/{postcode}", extraQuery: ["format"] },
  // Orders (customer management)
  { method: "get", spec: `${V4}/orders/{id}/cancel`, query: ["email_to_verify"] },
  { method: "put", spec: `${V4}/orders/{id}/address`, body: ["line_1", "line_2", "town", "postcode", "email_to_verify"], extraBody: ["latitude", "longitude"] },
  { method: "put", spec: `${V4}/orders/{id}/date`, query: ["email_to_verify"], body: ["date"], extraBody: ["reason", "email_to_verify"] },
  {
    method: "post",
    spec: `${V4}/technicians/log/date-change`,
    body: ["jobId", "userId", "original_date", "new_date", "reason", "original_technician", "new_technician"],
    extraBody: ["order_id", "email_to_verify", "date"],
  },
  { method: "get", spec: `${V4}/orders/{order}/load-days/{date}/10`, extraQuery: ["email_to_verify"] },
  { method: "get", spec: `${V4}/customer/{ref}`, query: ["email"] },
  { method: "get", spec: `${V4}/customer/{ref}/devices`, query: ["email"] },
  { method: "get", spec: `${V4}/vans/location`, query: ["job_id", "email"] },
  { method: "post", spec: `${V4}/orders/devices/{id}/imei`, body: ["imei", "email", "customer_update"] },
  { method: "post", spec: `${V4}/orders/devices/{id}/validation-images`, file: "image", extraBody: ["email"] },
];

type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const document = openApiDocument(apiRoutes) as unknown as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split("/").pop()!]);
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(resolve);
  if (!parts.length) return schema;
  // A union: every field of any variant is accepted; a field is required only where every variant requires it.
  return {
    properties: Object.assign({}, schema.properties, ...parts.map((part) => part.properties ?? {})),
    required: parts.map((part) => part.required ?? []).reduce((all, next) => all.filter((name) => next.includes(name))),
  };
}

/** The route serving a spec path (its base and pattern), and the document's operation for it. */
function served(call: SpecCall) {
  const sample = call.spec.replace(/\{\w+\}/g, "x1");
  const route = apiRoutes.find(
    (entry) => entry.method === call.method && sample.startsWith(entry.base ?? API_PREFIX) && pathPattern(entry.path).test(sample.slice((entry.base ?? API_PREFIX).length)),
  );
  const operation = route ? document.paths[route.path]?.[call.method] : undefined;
  return { route, operation };
}

/** What the document says the operation accepts: query and body (JSON or form) fields, and the required ones. */
function accepted(operation: Operation) {
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const content = operation.requestBody?.content ?? {};
  const body = resolve((content["application/json"] ?? content["multipart/form-data"])?.schema);
  return {
    query: query.map((parameter) => parameter.name).sort(),
    requiredQuery: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    body: Object.keys(body.properties ?? {}).sort(),
    requiredBody: body.required ?? [],
    multipart: "multipart/form-data" in content,
  };
}

describe("spec §7's calls, field by field (issue 39 item 5)", () => {
  it("lists 51 calls, each served once, and the API serves no other call but the booking code (ADR 177)", () => {
    expect(SPEC_CALLS).toHaveLength(51);
    const routes = SPEC_CALLS.map((call) => served(call).route);
    expect(routes.map((route, index) => (route ? "served" : `${SPEC_CALLS[index]!.method} ${SPEC_CALLS[index]!.spec}`)).filter((entry) => entry !== "served")).toEqual([]);
    expect(new Set(routes).size).toBe(51);
    const others = apiRoutes.filter((route) => !routes.includes(route)).map((route) => `${route.method} ${route.path}`);
    expect(others).toEqual(["post /wefix-booking/{ref}/booking-code"]);
  });

  it.each(SPEC_CALLS.map((call) => [`${call.method.toUpperCase()} ${call.spec}`, call] as const))("%s accepts exactly §7's fields, in their places", (_name, call) => {
    const { operation } = served(call);
    expect(operation, "documented").toBeDefined();
    const fields = accepted(operation!);
    const file = call.file ? [call.file] : [];
    expect({ query: fields.query, body: fields.body }).toEqual({
      query: [...(call.query ?? []), ...(call.extraQuery ?? [])].sort(),
      body: [...(call.body ?? []), ...(call.extraBody ?? []), ...file].sort(),
    });
    // What the project adds is never required of a client written from the spec.
    expect(fields.requiredQuery.filter((name) => call.extraQuery?.includes(name))).toEqual([]);
    expect(fields.requiredBody.filter((name) => call.extraBody?.includes(name))).toEqual([]);
    expect(fields.multipart).toBe(call.file !== undefined);
  });
});
