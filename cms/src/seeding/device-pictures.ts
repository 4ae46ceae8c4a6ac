import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

/**
 * The generated demo device pictures (public/images/devices, scripts/generate-device-images.ts) in
 * the media library, in a "Device pictures" folder, so editors pick them like any upload (ADR 085).
 * Idempotent: a file whose name is already in the library is not uploaded again.
 */

export const DEVICE_FOLDER = 'Device pictures';
const FILE_UID = 'plugin::upload.file';
const FOLDER_UID = 'plugin::upload.folder';
const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/** File name → media-library file id. */
export type Pictures = ReadonlyMap<string, number>;

/** `/images/devices/iphone-15.svg` → `iphone-15.svg`, the name the picture has in the library. */
export const devicePictureName = (imagePath: unknown): string | null => {
  const match = typeof imagePath === 'string' ? /^\/images\/devices\/([a-z0-9][a-z0-9._-]*)$/.exec(imagePath) : null;
  return match ? match[1] : null;
};

async function deviceFolder(strapi: Core.Strapi): Promise<number> {
  const existing = (await strapi.db.query(FOLDER_UID as never).findOne({ where: { name: DEVICE_FOLDER, parent: null } } as never)) as { id: number } | null;
  if (existing) return existing.id;
  const created = (await strapi.plugin('upload').service('folder').create({ name: DEVICE_FOLDER, parent: null })) as { id: number };
  return created.id;
}

export async function seedDevicePictures(strapi: Core.Strapi): Promise<Pictures> {
  const dir = path.resolve(strapi.dirs.app.root, process.env.DEVICE_IMAGES_DIR || '../public/images/devices');
  if (!fs.existsSync(dir)) {
    strapi.log.info(`[pictures] no device pictures in ${dir}`);
    return new Map();
  }
  const names = fs
    .readdirSync(dir)
    .filter((name) => TYPES[path.extname(name).toLowerCase()])
    .sort();
  const present = (await strapi.db.query(FILE_UID as never).findMany({ where: { name: { $in: names } }, select: ['id', 'name'] } as never)) as { id: number; name: string }[];
  const pictures = new Map(present.map((file) => [file.name, file.id]));
  const missing = names.filter((name) => !pictures.has(name));
  if (missing.length) {
    const folder = await deviceFolder(strapi);
    const upload = strapi.plugin('upload').service('upload');
    for (const name of missing) {
      const filepath = path.join(dir, name);
      const [file] = (await upload.upload({
        data: { fileInfo: { name, alternativeText: '', caption: '', folder } },
        files: { filepath, originalFilename: name, mimetype: TYPES[path.extname(name).toLowerCase()], size: fs.statSync(filepath).size },
      })) as { id: number }[];
      pictures.set(name, file.id);
    }
  }
  strapi.log.info(`[pictures] ${missing.length} device picture(s) added to the media library, ${names.length - missing.length} already there`);
  return pictures;
}

/** Carousel items of seed content get the library picture their imagePath names; imagePath stays as the fallback. */
export function withLibraryPictures(landing: Record<string, unknown>, pictures: Pictures): Record<string, unknown> {
  const result = { ...landing };
  for (const list of ['popularSmartphones', 'popularTablets']) {
    const items = result[list];
    if (!Array.isArray(items)) continue;
    result[list] = items.map((item) => {
      const name = devicePictureName((item as Record<string, unknown>)?.imagePath);
      const id = name ? pictures.get(name) : undefined;
      return id ? { ...(item as object), image: id } : item;
    });
  }
  return result;
}
