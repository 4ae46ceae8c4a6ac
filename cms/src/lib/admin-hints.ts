import type { Core } from '@strapi/strapi';
import { CATALOGUE_UIDS, OPS_UIDS } from './content-model';

/**
 * Hints under the admin's fields that say what a value means (ADR 077): money is minor units, json
 * lists show their shape. Written into the content manager's field settings only where the hint is
 * still empty, so a hint an admin rewrote in "Configure the view" is kept.
 */

const MINOR = 'In minor units (pence/cents): 4999 = 49.99. Whole numbers only, never negative.';

const HINTS: Record<string, Record<string, string>> = {
  [OPS_UIDS.serviceArea]: {
    postcodePrefixes: 'List, e.g. ["SW1A", "E1"]. UK: area (SW) or district (SW1A); DE/AU/US: leading digits; CA: FSA (M5V) or its start.',
    slotsPerTechnicianPerDay: "Leave empty to use the roster's slots per technician.",
    radiusKm: 'Kilometres around the centre.',
  },
  [OPS_UIDS.technician]: { serviceArea: "The code of one of this carrier's service areas, e.g. london-east." },
  [OPS_UIDS.roster]: {
    workingWeekdays: 'List of weekdays, 1 Monday … 7 Sunday, e.g. [1, 2, 3, 4, 5]. At least one.',
    closedDates: 'Days nobody works, e.g. ["2026-12-25", "2026-12-26"] (YYYY-MM-DD).',
    firstTimeslot: 'HH:MM, start of the first appointment window.',
    sameDayBookingUntil: 'HH:MM; empty = no same-day bookings.',
  },
  [OPS_UIDS.discountCode]: {
    value: 'Percent code: whole percent (10 = 10%). Fixed code: minor units (pence/cents), 500 = 5.00.',
    usageLimit: 'How many bookings may use it; empty = unlimited. Single use = 1.',
    startsAt: 'Empty = valid at once.',
    expiresAt: 'Empty = never expires.',
  },
  [OPS_UIDS.priceOverride]: { price: MINOR, nonSalePrice: `Price before the sale, higher than Price. ${MINOR}` },
  [OPS_UIDS.offering]: {
    excludedMakes: 'Make codes the carrier does not offer, e.g. ["google"]. Empty = all.',
    excludedModels: 'Model slugs the carrier does not offer, e.g. ["iphone-12"]. Empty = all.',
    excludedProblems: 'Problem codes the carrier does not offer, e.g. ["frame-replacement"]. Empty = all.',
  },
  [CATALOGUE_UIDS.model]: { makeIds: 'Make ids, e.g. [2].', problems: 'Problem codes this model can be booked for.' },
  [CATALOGUE_UIDS.problem]: { symptoms: 'List of { "en": "…", "de": "…" }.' },
  [CATALOGUE_UIDS.triageQuestion]: { options: 'List of { "code": "yes", "label": { "en": "Yes", "de": "Ja" } }, at least two.' },
  'catalogue.amount': { price: MINOR, nonSalePrice: `Price before the sale, higher than the price; empty = no sale. ${MINOR}` },
};

type Configuration = { metadatas?: Record<string, { edit?: { description?: string } }> };

export async function ensureAdminHints(strapi: Core.Strapi): Promise<void> {
  const plugin = strapi.plugin('content-manager');
  for (const [uid, hints] of Object.entries(HINTS)) {
    const component = !uid.startsWith('api::');
    const service = plugin.service(component ? 'components' : 'content-types');
    const model = component ? service.findComponent(uid) : service.findContentType(uid);
    if (!model) continue;
    const configuration = (await service.findConfiguration(model)) as Configuration;
    let changed = false;
    for (const [field, hint] of Object.entries(hints)) {
      const edit = configuration.metadatas?.[field]?.edit;
      if (edit && !edit.description) {
        edit.description = hint;
        changed = true;
      }
    }
    if (changed) await service.updateConfiguration(model, configuration);
  }
}
