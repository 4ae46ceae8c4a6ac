import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDIT_VIEWS, type ViewSpec } from './edit-view-specs';
import { configuredView, editableFields } from './edit-views';
import { readUiTextPlaceholders } from '../safe-edits/ui-text-defaults';

const attributes = {
  code: { type: 'string' },
  name: { type: 'string' },
  use3DSecure: { type: 'boolean' },
  usesKlarna: { type: 'boolean' },
  theme: { type: 'component' },
  addedLater: { type: 'string' },
};
const spec: ViewSpec = {
  mainField: 'name',
  list: ['code', 'name', 'theme', 'gone'],
  sections: [
    { title: 'Brand', fields: { name: { label: 'Brand name', description: 'Shown in the header, e.g. "Fixly".', placeholder: 'Fixly' }, code: { label: 'Carrier code' } } },
    { title: 'Payments', fields: { use3DSecure: { label: '3-D Secure' }, usesKlarna: { label: 'Klarna' }, notInSchema: { label: 'x' } } },
    { title: 'Look', fields: { theme: { label: 'Colours' } } },
  ],
};
const stored = {
  settings: { pageSize: 20, mainField: 'code' },
  metadatas: { name: { edit: { label: 'name', description: '', placeholder: '', visible: true, editable: true }, list: { label: 'name', searchable: true, sortable: true } } },
  layouts: { list: ['code'], edit: [[{ name: 'code', size: 6 }]] },
};

describe('edit views configured in code', () => {
  it('sets labels, descriptions and placeholders and keeps the other stored settings', () => {
    const view = configuredView(stored, spec, attributes);
    expect(view.metadatas?.name).toEqual({
      edit: { label: 'Brand name', description: 'Shown in the header, e.g. "Fixly".', placeholder: 'Fixly', visible: true, editable: true },
      list: { label: 'Brand name', searchable: true, sortable: true },
    });
    expect(view.settings).toEqual({ pageSize: 20, mainField: 'name' });
  });

  it('lays sections out in order, each on new rows, with fields the spec does not name at the end', () => {
    expect(configuredView(stored, spec, attributes).layouts?.edit).toEqual([
      [
        { name: 'name', size: 6 },
        { name: 'code', size: 6 },
      ],
      [
        { name: 'use3DSecure', size: 4 },
        { name: 'usesKlarna', size: 4 },
      ],
      [{ name: 'theme', size: 12 }],
      [{ name: 'addedLater', size: 6 }],
    ]);
  });

  it('lists only columns the type has and the list view can show', () => {
    expect(configuredView(stored, spec, attributes).layouts?.list).toEqual(['code', 'name']);
  });

  it('is idempotent: applying twice gives the same configuration', () => {
    const once = configuredView(stored, spec, attributes);
    expect(JSON.stringify(configuredView(once, spec, attributes))).toBe(JSON.stringify(once));
  });

  it('describes every field of the carrier with an example or a plain explanation', () => {
    const fields = EDIT_VIEWS['api::carrier.carrier'].sections.flatMap((s) => Object.values(s.fields));
    expect(fields.length).toBeGreaterThan(45);
    for (const field of fields) expect(field.description?.length).toBeGreaterThan(15);
    expect(EDIT_VIEWS['api::carrier.carrier'].sections.map((s) => s.title)).toEqual(
      expect.arrayContaining(['Brand', 'Contact and legal', 'Domains and locales', 'Charges', 'Payments', 'Features']),
    );
  });
});

describe('placeholders a UI text may use', () => {
  it("are those of the app's standard text for that key", () => {
    const known = readUiTextPlaceholders(path.resolve(__dirname, '../../../app/i18n/locales'));
    expect(known?.get('meta.titleSuffix')).toEqual(['brand']);
    expect(known?.get('nav.home')).toEqual([]);
  });

  it("are not checked when the app's texts are not beside the CMS", () => {
    expect(readUiTextPlaceholders('/nonexistent')).toBeNull();
  });
});

/** Every content type and component of the CMS, read from its schema file, with its uid. */
function schemas(): { uid: string; attributes: Record<string, { type: string }> }[] {
  const src = path.resolve(__dirname, '..');
  const found: { uid: string; attributes: Record<string, { type: string }> }[] = [];
  for (const api of fs.readdirSync(path.join(src, 'api'))) {
    const dir = path.join(src, 'api', api, 'content-types');
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      found.push({ uid: `api::${api}.${name}`, attributes: JSON.parse(fs.readFileSync(path.join(dir, name, 'schema.json'), 'utf8')).attributes });
    }
  }
  for (const category of fs.readdirSync(path.join(src, 'components'))) {
    for (const file of fs.readdirSync(path.join(src, 'components', category))) {
      found.push({ uid: `${category}.${file.replace(/\.json$/, '')}`, attributes: JSON.parse(fs.readFileSync(path.join(src, 'components', category, file), 'utf8')).attributes });
    }
  }
  return found;
}

describe('no raw field names in the admin', () => {
  const all = schemas();

  it('finds the content, operations and catalogue types', () => {
    expect(all.map((s) => s.uid)).toEqual(
      expect.arrayContaining(['api::carrier.carrier', 'api::ops-roster.ops-roster', 'api::catalogue-model.catalogue-model', 'catalogue.amount']),
    );
  });

  it.each(all.map((s) => [s.uid, s] as const))('%s: every field has a label and a help text', (_uid, schema) => {
    const spec = EDIT_VIEWS[schema.uid];
    expect(spec, `no edit view for ${schema.uid}`).toBeDefined();
    const described = Object.fromEntries(spec.sections.flatMap((section) => Object.entries(section.fields)));
    for (const field of editableFields(schema.attributes)) {
      expect(described[field]?.label, `${schema.uid}.${field} has no label`).toBeTruthy();
      expect(described[field]?.label).not.toBe(field);
      expect(described[field]?.description?.length ?? 0, `${schema.uid}.${field} has no help text`).toBeGreaterThan(4);
    }
    for (const column of spec.list ?? []) expect(Object.keys(schema.attributes)).toContain(column);
  });

  it('says that money is in minor units wherever an amount is typed', () => {
    for (const [uid, field] of [
      ['catalogue.amount', 'price'],
      ['api::ops-price-override.ops-price-override', 'price'],
      ['api::carrier.carrier', 'callOutCharge'],
    ]) {
      const described = Object.fromEntries(EDIT_VIEWS[uid].sections.flatMap((section) => Object.entries(section.fields)));
      expect(`${described[field].label} ${described[field].description}`).toMatch(/pence\/cents/);
    }
  });
});
