import type { Core } from '@strapi/strapi';
import { EDIT_VIEWS, type ViewSpec } from './edit-view-specs';

/**
 * Applies EDIT_VIEWS to the content manager's stored configuration (core store key
 * `plugin_content_manager_configuration_<content_types|components>::<uid>`), on every start
 * (ADR 084). Labels, descriptions, placeholders, list columns and the edit layout come from the
 * code; anything else (page size, sort, other fields' settings) stays as stored. Writes only when
 * something differs, so a restart with the same code changes nothing.
 */

type Attribute = { type: string; customField?: string };
type Meta = { edit?: Record<string, unknown>; list?: Record<string, unknown> };
export type CmConfiguration = {
  settings?: Record<string, unknown>;
  metadatas?: Record<string, Meta>;
  layouts?: { list?: string[]; edit?: { name: string; size: number }[][] } & Record<string, unknown>;
} & Record<string, unknown>;

const MAX_ROW = 12;
const UNLISTABLE = new Set(['json', 'component', 'dynamiczone', 'relation', 'richtext', 'blocks', 'password', 'media']);
const FULL = new Set(['component', 'dynamiczone', 'json', 'richtext', 'blocks']);
const SMALL = new Set(['boolean', 'checkbox', 'integer', 'biginteger', 'decimal', 'float', 'number', 'date', 'time']);
/** The content manager's default field widths (services/field-sizes). */
export const fieldSize = (attribute: Attribute): number => (FULL.has(attribute.type) ? 12 : SMALL.has(attribute.type) ? 4 : 6);

/** Edit-view field names in the order of the spec; fields the spec omits follow at the end. */
function orderedSections(spec: ViewSpec, editable: string[]): string[][] {
  const known = new Set(editable);
  const sections = spec.sections.map((s) => Object.keys(s.fields).filter((f) => known.has(f)));
  const named = new Set(sections.flat());
  const rest = editable.filter((f) => !named.has(f));
  return [...sections, rest].filter((s) => s.length > 0);
}

/** Packs each section into rows of at most 12 columns; a section never shares a row with the previous one. */
function editRows(sections: string[][], attributes: Record<string, Attribute>): { name: string; size: number }[][] {
  const rows: { name: string; size: number }[][] = [];
  for (const section of sections) {
    let row: { name: string; size: number }[] = [];
    let used = 0;
    for (const name of section) {
      const size = fieldSize(attributes[name]);
      if (used + size > MAX_ROW) {
        rows.push(row);
        row = [];
        used = 0;
      }
      row.push({ name, size });
      used += size;
    }
    if (row.length) rows.push(row);
  }
  return rows;
}

/** Fields an editor can change: not system fields, not ids. */
export function editableFields(attributes: Record<string, Attribute & { writable?: boolean; visible?: boolean }>): string[] {
  return Object.entries(attributes)
    .filter(([name]) => !['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'].includes(name))
    .filter(([, a]) => a.writable !== false && a.visible !== false)
    .map(([name]) => name);
}

/** The stored configuration with the spec applied. Pure: unit-tested without Strapi. */
export function configuredView(current: CmConfiguration, spec: ViewSpec, attributes: Record<string, Attribute>): CmConfiguration {
  const editable = editableFields(attributes);
  const metadatas: Record<string, Meta> = { ...(current.metadatas ?? {}) };
  for (const section of spec.sections) {
    for (const [name, view] of Object.entries(section.fields)) {
      if (!attributes[name]) continue;
      const meta = metadatas[name] ?? {};
      metadatas[name] = {
        ...meta,
        edit: { ...(meta.edit ?? {}), label: view.label, description: view.description ?? '', placeholder: view.placeholder ?? '' },
        ...(meta.list ? { list: { ...meta.list, label: view.label } } : {}),
      };
    }
  }
  const layouts = { ...(current.layouts ?? {}), edit: editRows(orderedSections(spec, editable), attributes) };
  // Only what the list view can show; the content manager drops other columns at every start.
  if (spec.list) layouts.list = spec.list.filter((f) => f === 'id' || (attributes[f] && !UNLISTABLE.has(attributes[f].type)));
  const settings = { ...(current.settings ?? {}) };
  if (spec.mainField && attributes[spec.mainField]) settings.mainField = spec.mainField;
  return { ...current, settings, metadatas, layouts };
}

type ConfigService = {
  findConfiguration(model: { uid: string }): Promise<CmConfiguration>;
  updateConfiguration(model: { uid: string }, configuration: CmConfiguration): Promise<unknown>;
};

/** Runs in bootstrap, after the content manager has synced its configurations with the schemas. */
export async function applyEditViews(strapi: Core.Strapi, specs: Record<string, ViewSpec> = EDIT_VIEWS): Promise<void> {
  const cm = strapi.plugin('content-manager');
  let changed = 0;
  for (const [uid, spec] of Object.entries(specs)) {
    const isComponent = !uid.includes('::');
    const schema = (isComponent ? strapi.components[uid as never] : strapi.contentTypes[uid as never]) as unknown as { attributes: Record<string, Attribute> } | undefined;
    if (!schema) continue;
    const service = cm.service(isComponent ? 'components' : 'content-types') as unknown as ConfigService;
    const { uid: _uid, ...current } = await service.findConfiguration({ uid });
    const next = configuredView(current, spec, schema.attributes);
    if (JSON.stringify(next) === JSON.stringify(current)) continue;
    await service.updateConfiguration({ uid }, next);
    changed += 1;
  }
  strapi.log.info(`[edit-views] ${changed} edit view(s) updated from the code`);
}
