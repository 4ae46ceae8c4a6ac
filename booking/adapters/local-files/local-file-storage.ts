/**
 * FileStorage in a local folder outside the web root (default `data/uploads`, ADR 016). Keys are
 * `<carrier>/<yyyy-mm>/<random>.<ext>`: generated here, never taken from the uploaded file's name,
 * so no upload can escape the folder or overwrite another.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage, StoredFile } from "../../ports/file-storage";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png" };
const KEY = /^[a-z0-9][a-z0-9-]*\/\d{4}-\d{2}\/[a-f0-9]{32}\.(jpg|png|bin)$/;

export function createLocalFileStorage(options: { root?: string; now?: () => Date } = {}): FileStorage & { root: string } {
  const root = path.resolve(options.root ?? "data/uploads");
  const now = options.now ?? (() => new Date());

  function pathOf(key: string): string | null {
    if (!KEY.test(key)) return null;
    const full = path.resolve(root, key);
    return full.startsWith(root + path.sep) ? full : null;
  }

  return {
    root,
    async put({ carrierCode, contentType, bytes }): Promise<StoredFile> {
      if (!/^[a-z0-9][a-z0-9-]*$/.test(carrierCode)) throw new Error("invalid carrier code for file storage");
      const month = now().toISOString().slice(0, 7);
      const key = `${carrierCode}/${month}/${randomBytes(16).toString("hex")}.${EXTENSIONS[contentType] ?? "bin"}`;
      const full = pathOf(key)!;
      await mkdir(path.dirname(full), { recursive: true });
      // 'wx': never overwrite, even on a (practically impossible) key collision.
      await writeFile(full, bytes, { flag: "wx", mode: 0o640 });
      await writeFile(`${full}.type`, contentType, { flag: "wx", mode: 0o640 });
      return { key, contentType, size: bytes.byteLength };
    },
    async get(key) {
      const full = pathOf(key);
      if (!full) return null;
      try {
        const [bytes, contentType] = await Promise.all([readFile(full), readFile(`${full}.type`, "utf8")]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch {
        return null;
      }
    },
  };
}
