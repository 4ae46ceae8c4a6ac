import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { carrierProblems } from '../safe-edits/carrier-validation';
import { CARRIER_UID } from '../lib/content-model';
import { MESSAGE_TEMPLATE_UID } from '../messages/message-templates';
import { type Pictures, withLibraryPictures } from './device-pictures';
import {
  type CarrierFile,
  type LocaleContent,
  carrierFolders,
  fillPlaceholders,
  inlineIcons,
  inlineLogos,
  placeholderValues,
  readCarrierFile,
  readLocaleContent,
} from './tenant-files';
import { sendContentChange, withoutWebhooks } from '../app-channel/webhook';

/**
 * Seeds carriers from tenants/ (docs/decisions/003-cms-seeding-and-webhook.md). Per carrier and
 * idempotent: a code that already exists is left alone, so admin edits survive restarts; a new
 * code is created with all its content for each supported locale, published, in one transaction.
 */

type Schema = { attributes: Record<string, { type: string; component?: string; repeatable?: boolean }> };
type Data = Record<string, unknown>;

/** Keeps only the attributes the schema knows (recursing into components); reports the others. */
function pick(strapi: Core.Strapi, schema: Schema, data: Data, where: string, dropped: string[]): Data {
  const result: Data = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    const attribute = schema.attributes[key];
    if (!attribute || attribute.type === 'relation') {
      dropped.push(`${where}.${key}`);
      continue;
    }
    if (attribute.type === 'component' && value && typeof value === 'object') {
      const component = strapi.components[attribute.component as never] as unknown as Schema;
      result[key] = Array.isArray(value)
        ? value.map((v, i) => pick(strapi, component, v as Data, `${where}.${key}[${i}]`, dropped))
        : pick(strapi, component, value as Data, `${where}.${key}`, dropped);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** One localized entry per (type, natural key); later locales become locales of the same document. */
type Item = { uid: string; key: string; data: Data };

function contentItems(content: LocaleContent, pictures: Pictures): Item[] {
  const items: Item[] = [];
  if (content.landing) items.push({ uid: 'api::landing-page.landing-page', key: 'landing', data: withLibraryPictures(content.landing, pictures) });
  for (const c of content.faqCategories ?? []) items.push({ uid: 'api::faq-category.faq-category', key: c.slug, data: c });
  for (const f of content.faqs ?? []) items.push({ uid: 'api::faq-item.faq-item', key: `${f.category}:${f.order ?? f.question}`, data: f });
  for (const g of content.helpGuides ?? []) items.push({ uid: 'api::help-guide.help-guide', key: g.slug, data: g });
  for (const l of content.legal ?? []) items.push({ uid: 'api::legal-page.legal-page', key: l.slug, data: l });
  for (const r of content.contactReasons ?? []) items.push({ uid: 'api::contact-reason.contact-reason', key: String(r.reasonId), data: r });
  const ui = content.uiTexts ?? {};
  const uiPairs = Array.isArray(ui) ? ui.map((u) => [u.key, u.value] as const) : Object.entries(ui);
  for (const [key, value] of uiPairs) items.push({ uid: 'api::ui-text.ui-text', key, data: { key, value } });
  for (const m of content.messageTemplates ?? []) items.push({ uid: MESSAGE_TEMPLATE_UID, key: m.kind, data: m });
  return items;
}

async function seedCarrier(strapi: Core.Strapi, tenantsDir: string, folder: string, locales: Set<string>, pictures: Pictures): Promise<string | null> {
  const file = readCarrierFile(folder);
  const { code } = file;
  const problems = carrierProblems(file);
  if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
  const exists = await strapi.db.query(CARRIER_UID as never).findOne({ where: { code }, select: ['id'] } as never);
  if (exists) return null;

  const dropped: string[] = [];
  const carrierSchema = strapi.contentType(CARRIER_UID as never) as unknown as Schema;
  const carrier: CarrierFile = { ...file, theme: inlineLogos(file.theme, folder), icons: inlineIcons(file.icons, folder) };
  const carrierData = pick(strapi, carrierSchema, carrier, 'carrier', dropped);
  const supported = (Array.isArray(file.supportedLocales) ? file.supportedLocales : [file.defaultLocale ?? 'en']) as string[];

  await strapi.db.transaction(async () => {
    const documentIds = new Map<string, string>();
    for (const locale of supported) {
      if (!locales.has(locale)) {
        strapi.log.warn(`[seed] ${code}: locale "${locale}" does not exist in the CMS, skipped`);
        continue;
      }
      const raw = readLocaleContent(tenantsDir, folder, locale);
      if (!raw) {
        strapi.log.warn(`[seed] ${code}: no content.${locale}.json (shared or own), locale skipped`);
        continue;
      }
      const unknown = new Set<string>();
      const { messageTemplates, ...copy } = raw;
      const content: LocaleContent = { ...fillPlaceholders(copy, placeholderValues(file), unknown), messageTemplates };
      if (unknown.size) strapi.log.warn(`[seed] ${code}/${locale}: unknown placeholders kept: ${[...unknown].map((u) => `{{${u}}}`).join(', ')}`);

      const usedInLocale = new Set<string>();
      for (const item of contentItems(content, pictures)) {
        const schema = strapi.contentType(item.uid as never) as unknown as Schema;
        const data = { ...pick(strapi, schema, item.data, item.uid.split('.')[1], dropped), carrierCode: code };
        const mapKey = `${item.uid}|${item.key}`;
        // A key seen twice in one locale (say two FAQs with the same order) gets its own document.
        const documentId = usedInLocale.has(mapKey) ? undefined : documentIds.get(mapKey);
        usedInLocale.add(mapKey);
        const documents = strapi.documents(item.uid as never);
        if (documentId) {
          await documents.update({ documentId, locale, data, status: 'published' } as never);
        } else {
          const created = (await documents.create({ locale, data, status: 'published' } as never)) as { documentId: string };
          if (!documentIds.has(mapKey)) documentIds.set(mapKey, created.documentId);
        }
      }
    }
    // The carrier last: if anything above fails, the code stays unknown and the next start retries.
    await strapi.documents(CARRIER_UID as never).create({ data: carrierData, status: 'published' } as never);
  });
  if (dropped.length) strapi.log.warn(`[seed] ${code}: fields not in the content model ignored: ${[...new Set(dropped)].join(', ')}`);
  return code;
}

export async function seedCarriers(strapi: Core.Strapi, pictures: Pictures = new Map()): Promise<void> {
  const tenantsDir = path.resolve(strapi.dirs.app.root, process.env.TENANTS_DIR || '../tenants');
  const folders = carrierFolders(tenantsDir);
  if (folders.length === 0) {
    strapi.log.info(`[seed] no carrier folders in ${tenantsDir}`);
    return;
  }
  const locales = new Set(((await strapi.plugin('i18n').service('locales').find()) as { code: string }[]).map((l) => l.code));
  const created: string[] = [];
  const failed: string[] = [];
  for (const folder of folders) {
    try {
      const code = await withoutWebhooks(() => seedCarrier(strapi, tenantsDir, folder, locales, pictures));
      if (code) created.push(code);
    } catch (error) {
      failed.push(path.basename(folder));
      const details = (error as { details?: unknown }).details;
      strapi.log.error(`[seed] ${path.basename(folder)} not seeded: ${(error as Error).message}${details ? ` ${JSON.stringify(details)}` : ''}`);
    }
  }
  // Notified once seeding is over: better-sqlite3 blocks the event loop while it writes, which
  // would time out requests sent in between.
  for (const code of created) {
    sendContentChange(strapi, { event: 'entry.create', model: 'carrier', carrierCode: code, locale: null });
  }
  strapi.log.info(
    `[seed] ${tenantsDir}: ${created.length} created${created.length ? ` (${created.join(', ')})` : ''}, ` +
      `${folders.length - created.length - failed.length} already present, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`,
  );
}
