/**
 * The partner API (/api/v4, booking/http, ADR 170) over what the pages use: the same engine door,
 * the CMS carriers and the §8 texts. The edge (server.ts) mounts `partnerApiRouter` from the server
 * build's `edge` object (ADR 283), so it shares this process's one content cache, invalidation
 * listener and engine. The door of the engine's HTTP face (app/architecture.test.ts).
 */
import { Router } from "express";
import { API_PREFIX, apiBases, apiReference, apiRoutes, createApiRouter } from "../../../booking/http/index";
import { getEngine } from "~/booking.server";
import { getCarriers, getContactReasonOptions, onContentInvalidated, onEngineDataChanged } from "~/content/content.server";
import { localeSchema } from "~/content/schemas";
import { carrierTexts } from "~/i18n/i18n.server";
import { carrierOwningHost } from "~/tenant/resolve";
import { logger } from "~/lib/observability/logger.server";
import { localiseApiError } from "./error-texts.server";

export const partnerApi = {
  engine: getEngine,
  /** The key's carrier as the CMS has it; null when it is no longer published. */
  carrier: async (code: string) => (await getCarriers()).find((carrier) => carrier.code === code) ?? null,
  /**
   * The carrier whose own host this is (a domain of it, or `<code>.localhost`), as the pages resolve it
   * but without the DEFAULT_CARRIER fallback: null for a host that is no carrier's (ADR 254).
   */
  hostCarrier: async (host: string | null) => carrierOwningHost(host, await getCarriers())?.code ?? null,
  /** The key's carrier, scopes and origins; null for an unknown, expired or revoked key (ADR 171). */
  authenticate: async (secret: string) => (await getEngine()).apiKeys.verify(secret),
  /** The carrier's contact reasons in the answer's language, in the CMS order: what the contact page offers (ADR 176). */
  contactReasons: async (code: string, locale: string) => {
    const carrier = await partnerApi.carrier(code);
    return carrier ? getContactReasonOptions(carrier, localeSchema.catch(carrier.defaultLocale).parse(locale)) : [];
  },
  /** An error's texts as the carrier's pages show them in that language: its CMS ui-text overrides first (ADR 187). */
  localise: async (error: Parameters<typeof localiseApiError>[0], locale: string, carrierCode?: string | null) => {
    const carrier = carrierCode ? await partnerApi.carrier(carrierCode).catch(() => null) : null;
    if (!carrier) return localiseApiError(error, locale);
    return localiseApiError(error, locale, await carrierTexts(carrier, localeSchema.catch(carrier.defaultLocale).parse(locale)));
  },
  /** The carrier's content or engine data changed, here or on another instance: the API's cached answers drop (ADR 185). */
  onDataChanged: (drop: (carrierCode: string | null) => void) => {
    onContentInvalidated((carrierCode) => drop(carrierCode ?? null));
    onEngineDataChanged(drop);
  },
};

export type PartnerApi = typeof partnerApi;

/**
 * The partner API as the edge mounts it, before the form guard, the render cache and Remix: its
 * readable reference (ADR 178, Swagger UI from node_modules, same-origin only) at /api/v4/reference,
 * then one router per base the routes name (the UK order-address list under /api/repair, ADR 176).
 */
export function partnerApiRouter(options: { trustForwardedHost: boolean }): Router {
  const router = Router();
  router.use(API_PREFIX, apiReference());
  for (const base of apiBases(apiRoutes)) {
    router.use(
      base,
      createApiRouter({
        base,
        routes: apiRoutes,
        ...partnerApi,
        trustForwardedHost: options.trustForwardedHost,
        log: { error: (details, message) => logger().error(details, message) },
      }),
    );
  }
  return router;
}
