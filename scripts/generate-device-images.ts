/**
 * Writes one SVG picture per catalogue model into public/images/devices/<slug>.svg:
 * phones show their front and back (make-specific camera layout and screen cut-out), tablets their
 * front, appliances a line drawing of the machine; every picture carries the model name.
 *
 *   npx tsx scripts/generate-device-images.ts
 *
 * The output is committed; run this again after adding a model to tenants/catalogue.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogueFileSchema, type CatalogueModel } from "../booking/catalogue/seed-schema";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "public/images/devices");

const W = 240;
const H = 320;
const INK = "#1f2933";
const MUTED = "#52606d";

type CameraLayout =
  | "pro-triangle" // three lenses in a square plateau (iPhone Pro)
  | "vertical-pill" // two lenses stacked in a pill (iPhone 16)
  | "diagonal-pair" // two lenses on a diagonal in a square plateau (iPhone 13–15)
  | "vertical-pair" // two lenses stacked in a square plateau (iPhone 12)
  | "single" // one lens (iPhone SE)
  | "ultra-stack" // four lenses without plateau (Galaxy S Ultra)
  | "triple-stack" // three lenses in a column (Galaxy S, A)
  | "visor-pill" // lenses in a floating oval island (Pixel 9)
  | "camera-bar"; // full-width bar (Pixel 8)

type Front = "island" | "notch" | "home-button" | "punch-hole";

interface PhoneLook {
  camera: CameraLayout;
  front: Front;
  lenses?: number;
}

/** Per-model look; anything not listed falls back to its make's usual layout. */
const PHONE_LOOKS: Record<string, PhoneLook> = {
  "iphone-16-pro-max": { camera: "pro-triangle", front: "island" },
  "iphone-16-pro": { camera: "pro-triangle", front: "island" },
  "iphone-16": { camera: "vertical-pill", front: "island" },
  "iphone-15-pro": { camera: "pro-triangle", front: "island" },
  "iphone-15": { camera: "diagonal-pair", front: "island" },
  "iphone-14": { camera: "diagonal-pair", front: "notch" },
  "iphone-13": { camera: "diagonal-pair", front: "notch" },
  "iphone-12": { camera: "vertical-pair", front: "notch" },
  "iphone-se-2022": { camera: "single", front: "home-button" },
  "galaxy-s24-ultra": { camera: "ultra-stack", front: "punch-hole" },
  "galaxy-s24": { camera: "triple-stack", front: "punch-hole" },
  "galaxy-s23": { camera: "triple-stack", front: "punch-hole" },
  "galaxy-a55": { camera: "triple-stack", front: "punch-hole" },
  "galaxy-a35": { camera: "triple-stack", front: "punch-hole" },
  "pixel-9-pro": { camera: "visor-pill", front: "punch-hole", lenses: 3 },
  "pixel-9": { camera: "visor-pill", front: "punch-hole", lenses: 2 },
  "pixel-8": { camera: "camera-bar", front: "punch-hole", lenses: 2 },
  "pixel-8a": { camera: "camera-bar", front: "punch-hole", lenses: 2 },
};

const MAKE_BACKDROP: Record<number, [string, string]> = {
  1: ["#e3ecfb", "#c9daf8"], // Samsung: cool blue
  2: ["#f1f1f4", "#dcdce3"], // Apple: soft grey
  3: ["#e7f4ec", "#fde8c8"], // Google: green to warm
  10: ["#e6f0f7", "#d3e3ef"],
  11: ["#e6f0f7", "#d3e3ef"],
  12: ["#e6f0f7", "#d3e3ef"],
};

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Mixes a hex colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}

/** A stable small number from a slug, so models of one family still differ a little. */
function hash(value: string): number {
  let h = 2166136261;
  for (const ch of value) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return Math.abs(h);
}

function lens(cx: number, cy: number, r: number): string {
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#2b2f36" stroke="#9aa3ad" stroke-width="1.2"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.55).toFixed(1)}" fill="#10141a"/>`,
    `<circle cx="${(cx - r * 0.25).toFixed(1)}" cy="${(cy - r * 0.3).toFixed(1)}" r="${(r * 0.18).toFixed(1)}" fill="#7d8fa6" opacity="0.8"/>`,
  ].join("");
}

function flash(cx: number, cy: number, r = 2.6): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff4cc" stroke="#d8c98d" stroke-width="0.8"/>`;
}

function camera(layout: CameraLayout, x: number, y: number, w: number, body: string, lenses = 2): string {
  const plateau = shade(body, luminance(body) > 0.5 ? -0.08 : 0.12);
  switch (layout) {
    case "pro-triangle":
      return `<rect x="${x + 6}" y="${y + 6}" width="46" height="46" rx="11" fill="${plateau}" stroke="${shade(body, -0.2)}" stroke-width="0.8"/>${lens(x + 19, y + 19, 8)}${lens(x + 19, y + 40, 8)}${lens(x + 39, y + 29, 8)}${flash(x + 41, y + 14)}`;
    case "vertical-pill":
      return `<rect x="${x + 8}" y="${y + 6}" width="22" height="44" rx="11" fill="${plateau}" stroke="${shade(body, -0.2)}" stroke-width="0.8"/>${lens(x + 19, y + 17, 7.5)}${lens(x + 19, y + 39, 7.5)}${flash(x + 38, y + 17)}`;
    case "diagonal-pair":
      return `<rect x="${x + 6}" y="${y + 6}" width="42" height="42" rx="10" fill="${plateau}" stroke="${shade(body, -0.2)}" stroke-width="0.8"/>${lens(x + 18, y + 18, 8)}${lens(x + 36, y + 36, 8)}${flash(x + 38, y + 15)}`;
    case "vertical-pair":
      return `<rect x="${x + 6}" y="${y + 6}" width="40" height="40" rx="10" fill="${plateau}" stroke="${shade(body, -0.2)}" stroke-width="0.8"/>${lens(x + 17, y + 17, 7.5)}${lens(x + 17, y + 35, 7.5)}${flash(x + 35, y + 17)}`;
    case "single":
      return `${lens(x + 14, y + 14, 7)}${flash(x + 28, y + 12, 2.2)}`;
    case "ultra-stack":
      return `${lens(x + 14, y + 14, 7.5)}${lens(x + 14, y + 33, 7.5)}${lens(x + 14, y + 52, 7.5)}${lens(x + 31, y + 20, 5)}${flash(x + 31, y + 36)}`;
    case "triple-stack":
      return `${lens(x + 14, y + 14, 6.5)}${lens(x + 14, y + 31, 6.5)}${lens(x + 14, y + 48, 6.5)}${flash(x + 28, y + 14, 2.2)}`;
    case "visor-pill": {
      const lensXs = lenses === 3 ? [x + w / 2 - 22, x + w / 2 - 6, x + w / 2 + 10] : [x + w / 2 - 14, x + w / 2 + 2];
      return `<rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="24" rx="12" fill="${plateau}" stroke="${shade(body, -0.25)}" stroke-width="0.8"/>${lensXs.map((lx) => lens(lx, y + 20, 6.5)).join("")}${flash(x + w / 2 + (lenses === 3 ? 24 : 16), y + 20, 2.2)}`;
    }
    case "camera-bar": {
      return `<rect x="${x}" y="${y + 10}" width="${w}" height="22" fill="#20242b"/>${lens(x + w / 2 - 14, y + 21, 6.5)}${lens(x + w / 2 + 4, y + 21, 6.5)}${flash(x + w / 2 + 20, y + 21, 2.2)}`;
    }
  }
}

function screen(x: number, y: number, w: number, h: number, rx: number, colour: string, seed: number): string {
  const id = `s${seed % 100000}`;
  const accent = shade(colour, luminance(colour) > 0.6 ? -0.45 : 0.35);
  const angle = 20 + (seed % 50);
  return [
    `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle})"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${shade(colour, -0.15)}"/></linearGradient></defs>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="url(#${id})"/>`,
    `<circle cx="${x + w * 0.72}" cy="${y + h * 0.3}" r="${w * 0.42}" fill="#ffffff" opacity="0.12"/>`,
    `<circle cx="${x + w * 0.2}" cy="${y + h * 0.8}" r="${w * 0.34}" fill="#ffffff" opacity="0.08"/>`,
  ].join("");
}

function phone(model: CatalogueModel, colour: string): string {
  const look = PHONE_LOOKS[model.slug] ?? { camera: "triple-stack", front: "punch-hole" };
  const seed = hash(model.slug);
  const body = colour;
  const frame = shade(body, luminance(body) > 0.5 ? -0.28 : 0.25);
  const tall = model.slug.includes("max") || model.slug.includes("ultra") ? 8 : 0;
  const pw = 88;
  const ph = 180 + tall;
  const fy = 48 - tall / 2;
  const rx = look.front === "home-button" ? 14 : 18;

  // Front view, left.
  const fx = 26;
  const bezel = look.front === "home-button" ? { top: 26, bottom: 26 } : { top: 5, bottom: 5 };
  const front = [
    `<rect x="${fx}" y="${fy}" width="${pw}" height="${ph}" rx="${rx}" fill="${INK}" stroke="${frame}" stroke-width="3"/>`,
    screen(fx + 5, fy + bezel.top, pw - 10, ph - bezel.top - bezel.bottom, look.front === "home-button" ? 3 : 13, colour, seed),
  ];
  if (look.front === "island") front.push(`<rect x="${fx + pw / 2 - 14}" y="${fy + 10}" width="28" height="8" rx="4" fill="#0b0d10"/>`);
  if (look.front === "notch") front.push(`<path d="M${fx + pw / 2 - 22} ${fy + 5} h44 v5 a6 6 0 0 1 -6 6 h-32 a6 6 0 0 1 -6 -6 z" fill="#0b0d10"/>`);
  if (look.front === "punch-hole") front.push(`<circle cx="${fx + pw / 2}" cy="${fy + 13}" r="3.4" fill="#0b0d10"/>`);
  if (look.front === "home-button") {
    front.push(`<circle cx="${fx + pw / 2}" cy="${fy + ph - 13}" r="8" fill="none" stroke="${frame}" stroke-width="1.6"/>`);
    front.push(`<rect x="${fx + pw / 2 - 8}" y="${fy + 11}" width="16" height="3" rx="1.5" fill="#3b4250"/>`);
  }

  // Back view, right, slightly lower.
  const bx = 126;
  const by = fy + 14;
  const back = [
    `<rect x="${bx}" y="${by}" width="${pw}" height="${ph}" rx="${rx}" fill="${body}" stroke="${frame}" stroke-width="3"/>`,
    `<rect x="${bx + 3}" y="${by + 3}" width="${pw - 6}" height="${ph - 6}" rx="${rx - 2}" fill="#ffffff" opacity="0.10"/>`,
    camera(look.camera, look.camera === "visor-pill" || look.camera === "camera-bar" ? bx : bx + 4, by + 4, pw, body, look.lenses),
  ];
  if (model.make_ids[0] === 1)
    back.push(
      `<text x="${bx + pw / 2}" y="${by + ph - 18}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="7" letter-spacing="1.5" fill="${shade(body, luminance(body) > 0.5 ? -0.45 : 0.45)}">SAMSUNG</text>`,
    );
  if (model.make_ids[0] === 3)
    back.push(`<circle cx="${bx + pw / 2}" cy="${by + ph - 40}" r="5" fill="none" stroke="${shade(body, luminance(body) > 0.5 ? -0.35 : 0.4)}" stroke-width="1.6"/>`);
  if (model.make_ids[0] === 2) back.push(`<circle cx="${bx + pw / 2}" cy="${by + ph / 2}" r="8" fill="${shade(body, luminance(body) > 0.5 ? -0.12 : 0.16)}"/>`);

  return [...front, ...back].join("\n  ");
}

function tablet(model: CatalogueModel, colour: string): string {
  const seed = hash(model.slug);
  const frame = shade(colour, luminance(colour) > 0.5 ? -0.3 : 0.25);
  const mini = model.slug.includes("mini") || model.slug.includes("tab-a9");
  const big = model.slug.includes("13") || model.slug.includes("12-9");
  const tw = mini ? 128 : big ? 176 : 156;
  const th = mini ? 192 : big ? 236 : 218;
  const tx = (W - tw) / 2 - (mini ? 0 : 6);
  const ty = 24 + (236 - th) / 2;
  const homeButton = model.slug === "ipad-9th-gen";
  const bezel = homeButton ? 20 : 8;
  const parts = [
    `<rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="${homeButton ? 14 : 16}" fill="${INK}" stroke="${frame}" stroke-width="3"/>`,
    screen(tx + 8, ty + bezel, tw - 16, th - bezel * 2, homeButton ? 2 : 9, colour, seed),
    `<circle cx="${tx + tw / 2}" cy="${ty + bezel / 2 + (homeButton ? 0 : 0)}" r="2" fill="#3b4250"/>`,
  ];
  if (homeButton) parts.push(`<circle cx="${tx + tw / 2}" cy="${ty + th - 10}" r="6.5" fill="none" stroke="${frame}" stroke-width="1.5"/>`);
  // Pencil-capable models get a stylus beside them.
  if (/pro|air|tab-s9/.test(model.slug)) {
    const sx = tx + tw + 10;
    parts.push(
      `<rect x="${sx}" y="${ty + 20}" width="7" height="${th - 40}" rx="3.5" fill="${model.make_ids[0] === 1 ? shade(colour, -0.1) : "#f7f7f8"}" stroke="#b9bec7" stroke-width="1"/>`,
      `<path d="M${sx} ${ty + th - 20} l3.5 12 l3.5 -12 z" fill="#d9dde3" stroke="#b9bec7" stroke-width="1"/>`,
    );
  }
  return parts.join("\n  ");
}

function appliance(model: CatalogueModel): string {
  const body = "#f8fafc";
  const line = "#7b8794";
  const steel = "#cbd2d9";
  const accent = ["#3b82f6", "#0ea5e9", "#f59e0b", "#10b981", "#ef4444"][hash(model.slug) % 5]!;
  const box = (x: number, y: number, w: number, h: number, rx = 8) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${body}" stroke="${line}" stroke-width="2.5"/>`;
  const knobs = (x: number, y: number, n: number) =>
    Array.from({ length: n }, (_, i) => `<circle cx="${x + i * 16}" cy="${y}" r="5" fill="${steel}" stroke="${line}" stroke-width="1.5"/>`).join("");

  switch (model.slug) {
    case "washing-machine":
    case "tumble-dryer": {
      const dryer = model.slug === "tumble-dryer";
      return [
        box(50, 40, 140, 196),
        `<line x1="50" y1="76" x2="190" y2="76" stroke="${line}" stroke-width="2"/>`,
        dryer
          ? `<rect x="62" y="50" width="40" height="16" rx="3" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`
          : `<rect x="60" y="50" width="34" height="16" rx="3" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`,
        `<rect x="112" y="52" width="36" height="12" rx="2" fill="#1f2933"/><text x="130" y="61" text-anchor="middle" font-family="ui-monospace, monospace" font-size="8" fill="${accent}">${dryer ? "1:10" : "0:59"}</text>`,
        `<circle cx="170" cy="58" r="8" fill="${steel}" stroke="${line}" stroke-width="1.5"/>`,
        `<circle cx="120" cy="152" r="48" fill="${steel}" stroke="${line}" stroke-width="3"/>`,
        `<circle cx="120" cy="152" r="36" fill="${dryer ? "#e4e7eb" : "#bfdbfe"}" stroke="${line}" stroke-width="2"/>`,
        dryer
          ? `<path d="M96 152 q12 -14 24 0 t24 0" fill="none" stroke="${line}" stroke-width="2"/><path d="M96 164 q12 -14 24 0 t24 0" fill="none" stroke="${line}" stroke-width="2" opacity="0.6"/>`
          : `<path d="M84 160 q18 -12 36 0 t36 0 v14 a36 36 0 0 1 -72 0 z" fill="${accent}" opacity="0.45"/><circle cx="108" cy="138" r="4" fill="#ffffff" opacity="0.7"/><circle cx="124" cy="130" r="2.5" fill="#ffffff" opacity="0.7"/>`,
        `<rect x="58" y="222" width="20" height="6" rx="3" fill="${steel}"/>`,
      ].join("\n  ");
    }
    case "dishwasher":
      return [
        box(50, 40, 140, 196),
        `<rect x="50" y="40" width="140" height="26" rx="8" fill="${steel}" stroke="${line}" stroke-width="2.5"/>`,
        knobs(66, 53, 3),
        `<rect x="132" y="48" width="44" height="10" rx="2" fill="#1f2933"/><circle cx="170" cy="53" r="2" fill="${accent}"/>`,
        `<rect x="80" y="76" width="80" height="6" rx="3" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`,
        `<rect x="64" y="94" width="112" height="128" rx="6" fill="#eef2f7" stroke="${line}" stroke-width="1.5"/>`,
        ...[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${76 + i * 18}" y1="110" x2="${76 + i * 18}" y2="142" stroke="${line}" stroke-width="1.5"/>`),
        `<line x1="70" y1="142" x2="170" y2="142" stroke="${line}" stroke-width="2"/>`,
        ...[0, 1, 2, 3].map((i) => `<ellipse cx="${88 + i * 22}" cy="186" rx="9" ry="26" fill="#ffffff" stroke="${line}" stroke-width="1.5"/>`),
        `<line x1="70" y1="212" x2="170" y2="212" stroke="${line}" stroke-width="2"/>`,
      ].join("\n  ");
    case "fridge-freezer":
      return [
        box(66, 22, 108, 232, 10),
        `<line x1="66" y1="158" x2="174" y2="158" stroke="${line}" stroke-width="2.5"/>`,
        `<rect x="154" y="42" width="7" height="60" rx="3.5" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`,
        `<rect x="154" y="170" width="7" height="44" rx="3.5" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`,
        `<rect x="80" y="36" width="26" height="14" rx="3" fill="#1f2933"/><text x="93" y="46" text-anchor="middle" font-family="ui-monospace, monospace" font-size="8" fill="${accent}">4°</text>`,
        `<path d="M92 196 l10 0 M97 191 l0 10 M93.5 192.5 l7 7 M100.5 192.5 l-7 7" stroke="${accent}" stroke-width="1.6" stroke-linecap="round"/>`,
        `<rect x="70" y="250" width="16" height="6" rx="3" fill="${steel}"/><rect x="154" y="250" width="16" height="6" rx="3" fill="${steel}"/>`,
      ].join("\n  ");
    case "oven":
    default:
      return [
        box(44, 48, 152, 188),
        `<rect x="44" y="48" width="152" height="34" rx="8" fill="${steel}" stroke="${line}" stroke-width="2.5"/>`,
        knobs(60, 65, 2),
        `<rect x="98" y="58" width="44" height="14" rx="2" fill="#1f2933"/><text x="120" y="68" text-anchor="middle" font-family="ui-monospace, monospace" font-size="8" fill="${accent}">180°</text>`,
        knobs(164, 65, 2),
        `<rect x="60" y="94" width="120" height="8" rx="4" fill="${steel}" stroke="${line}" stroke-width="1.2"/>`,
        `<rect x="60" y="112" width="120" height="96" rx="6" fill="#3e4c59" stroke="${line}" stroke-width="2"/>`,
        `<rect x="68" y="120" width="104" height="80" rx="4" fill="${accent}" opacity="0.25"/>`,
        `<line x1="72" y1="150" x2="168" y2="150" stroke="#cbd2d9" stroke-width="1.5"/><line x1="72" y1="176" x2="168" y2="176" stroke="#cbd2d9" stroke-width="1.5"/>`,
        `<rect x="100" y="160" width="40" height="12" rx="4" fill="#9a3412" opacity="0.8"/>`,
      ].join("\n  ");
  }
}

function saturation(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const max = Math.max(...c);
  const min = Math.min(...c);
  return max === 0 ? 0 : (max - min) / max;
}

/** The model's picture colour: one of its two most colourful finishes, so look-alike models differ. */
function heroColour(model: CatalogueModel): string {
  const ranked = [...model.colours].sort((a, b) => saturation(b.hex) - saturation(a.hex));
  const pick = ranked[model.priority % Math.min(2, ranked.length || 1)];
  return pick?.hex ?? "#9aa5b1";
}

export function deviceSvg(model: CatalogueModel, makeName: string): string {
  const colour = heroColour(model);
  const [from, to] = MAKE_BACKDROP[model.make_ids[0] ?? 0] ?? ["#eef2f7", "#dde3ea"];
  const drawing = model.device_type === "phone" ? phone(model, colour) : model.device_type === "tablet" ? tablet(model, colour) : appliance(model);
  const label = escapeXml(model.title);
  const subtitle = escapeXml(model.device_type === "appliance" ? "Home appliance" : makeName);
  const fontSize = model.title.length > 26 ? 12 : model.title.length > 18 ? 14 : 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="title-${model.slug}">
  <title id="title-${model.slug}">${label}</title>
  <defs><linearGradient id="bg-${model.slug}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" rx="20" fill="url(#bg-${model.slug})"/>
  <ellipse cx="${W / 2}" cy="258" rx="92" ry="7" fill="#1f2933" opacity="0.08"/>
  ${drawing}
  <text x="${W / 2}" y="286" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${fontSize}" font-weight="600" fill="${INK}">${label}</text>
  <text x="${W / 2}" y="304" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="10" fill="${MUTED}">${subtitle}</text>
</svg>
`;
}

function main() {
  const catalogue = catalogueFileSchema.parse(JSON.parse(readFileSync(path.join(root, "tenants/catalogue.json"), "utf8")));
  const makes = new Map(catalogue.makes.map((m) => [m.id, m.name]));
  mkdirSync(outDir, { recursive: true });
  for (const model of catalogue.models) {
    const file = path.join(root, "public", model.image_path);
    writeFileSync(file, deviceSvg(model, makes.get(model.make_ids[0]!) ?? ""));
  }
  console.log(`wrote ${catalogue.models.length} pictures to ${path.relative(root, outDir)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
