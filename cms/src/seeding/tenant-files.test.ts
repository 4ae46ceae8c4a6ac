import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineIcons, inlineLogos } from './tenant-files';

let folder: string;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const asData = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-files-'));
  fs.writeFileSync(path.join(folder, 'logo.svg'), SVG);
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("the seed files' images", () => {
  it("inlines a logo and a site icon given as ./file from the carrier's folder, keeping other addresses and absent fields as they are", () => {
    expect(inlineLogos({ logoUrl: './logo.svg', primaryColor: '#000000' }, folder)).toEqual({ logoUrl: asData, primaryColor: '#000000' });
    expect(
      inlineIcons(
        [
          { rel: 'icon', url: './logo.svg', sizes: 'any' },
          { rel: 'apple-touch-icon', url: 'https://cdn.example/touch.png' },
        ],
        folder,
      ),
    ).toEqual([
      { rel: 'icon', url: asData, sizes: 'any' },
      { rel: 'apple-touch-icon', url: 'https://cdn.example/touch.png' },
    ]);
    expect(inlineIcons(undefined, folder)).toBeUndefined();
  });

  it('refuses an icon outside the folder or of a type that is no image, naming the icon', () => {
    expect(() => inlineIcons([{ rel: 'icon', url: './../elsewhere.svg' }], folder)).toThrow('icons[0].url points outside the carrier folder');
    expect(() =>
      inlineIcons(
        [
          { rel: 'icon', url: './logo.svg' },
          { rel: 'icon', url: './notes.txt' },
        ],
        folder,
      ),
    ).toThrow('icons[1].url: unsupported image type');
  });
});
