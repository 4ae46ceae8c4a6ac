import type { Core } from '@strapi/strapi';
import { CARRIER_UID } from '../lib/content-model';
import { MESSAGE_KINDS, MESSAGE_TEMPLATE_UID } from './message-templates';

/**
 * What the engine needs to write to a carrier's customers in one language (ADR 092): the brand
 * (name, contact details, colours, logo, money and time zone) and the published message templates.
 * Read when a message is sent, so an editor's change applies to the next message.
 */

type Data = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export type MessageFeed = {
  code: string;
  locale: string;
  brand: Data;
  templates: { kind: string; subject: string | null; emailBody: string | null; smsText: string | null }[];
};

/** The feed from the published carrier and its published templates in that locale. */
export function messageFeed(carrier: Data, templates: Data[], locale: string): MessageFeed {
  const theme = (carrier.theme ?? {}) as Data;
  const colours = Object.fromEntries(
    [
      ['primary', 'primaryColor'],
      ['onPrimary', 'primaryContrastColor'],
      ['text', 'textColor'],
      ['background', 'backgroundColor'],
      ['surface', 'surfaceColor'],
    ]
      .map(([name, field]) => [name, text(theme[field])])
      .filter(([, value]) => value),
  );
  const brand: Data = {
    code: carrier.code,
    name: carrier.name,
    countryCode: carrier.countryCode,
    currency: carrier.currency,
    timezone: carrier.timezone,
    email: text(carrier.email),
    phone: text(carrier.phone),
    web: text(carrier.web),
    // Where a mail-in repair's device is posted (ADR 140); only while the carrier offers it.
    mailInAddress: carrier.offersMailIn === true ? text(carrier.mailInAddress) : undefined,
    // A logo on this site's own path (/media/…) means nothing inside an e-mail: the name shows instead.
    logoUrl: /^(https:\/\/|data:image\/)/.test(text(theme.logoUrl) ?? '') ? text(theme.logoUrl) : undefined,
    colours,
  };
  return {
    code: String(carrier.code),
    locale,
    brand: Object.fromEntries(Object.entries(brand).filter(([, value]) => value !== undefined)),
    templates: templates
      .filter((t) => MESSAGE_KINDS.includes(String(t.kind)))
      .map((t) => ({ kind: String(t.kind), subject: text(t.subject) ?? null, emailBody: text(t.emailBody) ?? null, smsText: text(t.smsText) ?? null })),
  };
}

export async function readMessageFeed(strapi: Core.Strapi, code: string, locale: string): Promise<MessageFeed | null> {
  const carrier = (await strapi.documents(CARRIER_UID as never).findFirst({ filters: { code }, status: 'published', populate: ['theme'] } as never)) as Data | null;
  if (!carrier) return null;
  const templates = (await strapi.documents(MESSAGE_TEMPLATE_UID as never).findMany({ filters: { carrierCode: code }, locale, status: 'published' } as never)) as Data[];
  return messageFeed(carrier, templates, locale);
}
