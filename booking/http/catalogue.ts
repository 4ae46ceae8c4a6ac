/**
 * Spec §7 "Catalogue and others": the device catalogue as the key's carrier offers it, over
 * `engine.catalogue` (the device pages' operations). Answers carry an ETag and may be cached by
 * the partner for a few minutes (issue 23 item 5).
 */
import { z } from "zod";
import { ApiProblem } from "./errors";
import { dataOf, defineRoute, type ApiRoute } from "./routes";

const flag = z.enum(["true", "false"]).optional();
const idParameter = z.string().regex(/^\d{1,9}$/, "a positive whole number");
/** A path's id: a number, else there is no such thing (404). */
function pathId(value: string | undefined): number {
  if (!idParameter.safeParse(value).success) throw new ApiProblem(404, "NOT_FOUND", ["There is no such item in the catalogue."]);
  return Number(value);
}
const locale = (value: string): "en" | "de" => (value === "de" ? "de" : "en");
const list = dataOf(z.array(z.record(z.string(), z.unknown())));
const CACHE = { maxAgeSeconds: 300 };

export const catalogueRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/makes/list/type/{typeId}",
    summary:
      "Makes of a device type (1 phone or tablet, 2 appliance) the carrier offers: with at least one model; `show_available=true` only those with a repair the carrier prices (something bookable); `show_available=false` every make of the type, with models or not.",
    scope: "catalogue:read",
    query: z.object({ show_available: flag }).strict(),
    response: list,
    cache: CACHE,
    handle: async ({ engine, carrier, params, query, locale: language }) => ({
      data: await engine.catalogue.listMakes(carrier, {
        typeId: pathId(params.typeId),
        locale: locale(language),
        available: query.show_available === undefined ? undefined : query.show_available === "true",
      }),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/device/types",
    summary: "The device types; `repair_type_id` keeps only that type (1 phone or tablet, 2 appliance; an unknown id lists none).",
    scope: "catalogue:read",
    query: z.object({ repair_type_id: idParameter.optional() }).strict(),
    response: list,
    cache: CACHE,
    handle: async ({ engine, carrier, query, locale: language }) => ({
      data: await engine.catalogue.listDeviceTypes(carrier, {
        locale: locale(language),
        repairTypeId: query.repair_type_id === undefined ? undefined : Number(query.repair_type_id),
      }),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/models",
    summary:
      "Models of a make and type in priority order, optionally of one kind or matching a search. The API lists only the consumer catalogue's models linked to the make and offered by the carrier: `filter_relationships` and `isFromB2C` may be sent as true (the spec's client does) and are refused as false.",
    scope: "catalogue:read",
    query: z
      .object({
        make_id: idParameter,
        type_id: idParameter,
        device_type: z.enum(["phone", "tablet", "appliance"]).optional(),
        search: z.string().max(60).optional(),
        order_by: z.literal("priority,asc").optional(),
        filter_relationships: z.literal("true", { error: "The API lists only models linked to the make and offered by the carrier: send true or leave it out." }).optional(),
        isFromB2C: z.literal("true", { error: "The API lists the consumer (B2C) catalogue only: send true or leave it out." }).optional(),
      })
      .strict(),
    response: list,
    cache: CACHE,
    handle: async ({ engine, carrier, query }) => ({
      data: await engine.catalogue.listModels(carrier, { makeId: query.make_id, typeId: query.type_id, deviceType: query.device_type, search: query.search }),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/models/{id}/versions",
    summary: "The versions (storage sizes, variants) of a model.",
    scope: "catalogue:read",
    response: list,
    cache: CACHE,
    handle: async ({ engine, carrier, params }) => ({ data: await engine.catalogue.listVersions(carrier, pathId(params.id)) }),
  }),
  defineRoute({
    method: "get",
    path: "/models/versions/{id}",
    summary:
      "One model version with its repairs and the carrier's prices. `include_warranty_repairs=true` adds `warranty_repairs`: the repairs as an in-warranty booking prices them (free, the carrier's warranty charge where it charges one, once per booking); none where the carrier offers no warranty repairs.",
    scope: "catalogue:read",
    query: z.object({ include_warranty_repairs: flag }).strict(),
    response: dataOf(z.record(z.string(), z.unknown())),
    cache: CACHE,
    handle: async ({ engine, carrier, params, query, locale: language }) => ({
      data:
        query.include_warranty_repairs === "true"
          ? await engine.catalogue.getModelVersionWithWarranty(carrier, pathId(params.id), locale(language))
          : await engine.catalogue.getModelVersion(carrier, pathId(params.id), locale(language)),
    }),
  }),
];
