import fs from 'node:fs';
import path from 'node:path';
import { placeholdersIn } from './safe-edits';

/**
 * The placeholders each UI text key may use: those of the web app's standard texts
 * (app/i18n/locales/<lng>.json and <lng>/<namespace>.json, nested keys joined with dots; a
 * namespace file's keys are also known as `<namespace>:<key>`). Null when the app's locale files
 * are not beside the CMS (a CMS deployed on its own): the check is then skipped.
 */
export type UiTextPlaceholders = ReadonlyMap<string, readonly string[]>;

function flatten(value: unknown, prefix: string, into: Map<string, Set<string>>): void {
  if (typeof value === 'string') {
    const set = into.get(prefix) ?? new Set<string>();
    for (const name of placeholdersIn(value)) set.add(name);
    into.set(prefix, set);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
}

export function readUiTextPlaceholders(localesDir: string): UiTextPlaceholders | null {
  if (!fs.existsSync(localesDir)) return null;
  const keys = new Map<string, Set<string>>();
  for (const entry of fs.readdirSync(localesDir, { withFileTypes: true })) {
    const file = path.join(localesDir, entry.name);
    if (entry.isFile() && entry.name.endsWith('.json')) {
      flatten(JSON.parse(fs.readFileSync(file, 'utf8')), '', keys);
    } else if (entry.isDirectory()) {
      for (const name of fs.readdirSync(file).filter((n) => n.endsWith('.json'))) {
        const json = JSON.parse(fs.readFileSync(path.join(file, name), 'utf8'));
        flatten(json, '', keys);
        const namespaced = new Map<string, Set<string>>();
        flatten(json, '', namespaced);
        for (const [key, set] of namespaced) keys.set(`${name.replace(/\.json$/, '')}:${key}`, set);
      }
    }
  }
  return new Map([...keys].map(([key, set]) => [key, [...set]]));
}

let cached: UiTextPlaceholders | null | undefined;

/** APP_LOCALES_DIR, default ../app/i18n/locales from the CMS folder; read once. */
export function uiTextPlaceholders(cmsRoot: string): UiTextPlaceholders | null {
  if (cached === undefined) cached = readUiTextPlaceholders(path.resolve(cmsRoot, process.env.APP_LOCALES_DIR || '../app/i18n/locales'));
  return cached;
}
