/**
 * What the partner API (/api/v4, booking/http, ADR 170) takes from the web app: the same engine door,
 * the CMS carriers and the §8 texts the pages use. Exported by entry.server.tsx so server.ts reaches
 * these very module instances through the server build (one content cache, one invalidation
 * listener), not copies of its own.
 */
import { getEngine } from "~/booking.server";
import { getCarriers, getContactReasonOptions, onContentInvalidated, onEngineDataChanged } from "~/content/content.server";
import { localeSchema } from "~/content/schemas";
import { carrierTexts } from "~/i18n/i18n.server";
import { carrierOwningHost } from "~/tenant/resolve";
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
