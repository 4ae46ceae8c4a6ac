#!/usr/bin/env node
// Validates the seed files against docs/content-model.md: `node tenants/check.mjs`.
// No dependencies, so it runs before `npm install` and in any CI step. Exit code 1 on any problem.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const problems = [];
const fail = (where, message) => problems.push(`${where}: ${message}`);

// Placeholders the CMS seeder fills from the carrier (see tenants/README.md).
const PLACEHOLDERS = [
  "name",
  "formattedName",
  "operatorName",
  "web",
  "formattedWeb",
  "email",
  "phone",
  "address",
  "registrationDetails",
  "callOutCharge",
  "warrantyRepairCharge",
  "fleetDaysPerWeek",
];
const LOCALES = ["en", "de"];
const FAQ_CATEGORIES = ["booking", "guarantee", "location", "payments", "popular", "repair", "terms"];
const GUIDES = { "cancel-repair": ["steps", 3], "change-date": ["steps", 3], "change-address": ["steps", 3], "repair-cost": ["steps", 3], "track-technician": ["options", 2] };
const LEGAL = ["terms", "privacy", "app-terms", "imprint"];
const MIN_CONTRAST = 4.5;
// Customer messages (ADR 092): filled when a message is sent, not by the seeder. The kinds are the
// CMS type's enumeration; which placeholder each may use is checked by tenants/seed-files.test.ts
// and, on save, by the CMS.
// Site icons (ADR 277): rel, sizes and type as the CMS's icon component allows them.
const ICON_ATTRIBUTES = JSON.parse(readFileSync(join(root, "cms/src/components/carrier/icon.json"), "utf8")).attributes;
const CUSTOMER_MESSAGE_KINDS = JSON.parse(readFileSync(join(root, "cms/src/api/message-template/content-types/message-template/schema.json"), "utf8")).attributes.kind.enum;

// ---------- helpers ----------
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v) => typeof v === "string" && v.trim().length > 0;
const int = (v) => Number.isInteger(v);
const bool = (v) => typeof v === "boolean";
const hex = (v) => typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v);
const nullableStr = (v) => v === null || str(v);
const oneOf =
  (...values) =>
  (v) =>
    values.includes(v);
const strArray = (v) => Array.isArray(v) && v.every(str);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    fail(relative(root, path), `invalid JSON (${error.message})`);
    return undefined;
  }
}

const luminance = (color) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

// ---------- catalogue slugs ----------
const slugDoc = readFileSync(join(root, "docs/catalogue-slugs.md"), "utf8");
const slugSection = (label) => {
  const match = slugDoc.match(new RegExp(`^${label}:([\\s\\S]*?)(?:\\n\\s*\\n|(?![\\s\\S]))`, "m"));
  return match ? match[1].split(/[,\s]+/).filter(Boolean) : [];
};
const SLUGS = new Set([...slugSection("Phones"), ...slugSection("Tablets"), ...slugSection("Appliances")]);
if (SLUGS.size === 0) fail("docs/catalogue-slugs.md", "no slugs found");

// ---------- carrier.json ----------
const CARRIER_FIELDS = {
  code: (v) => typeof v === "string" && /^[a-z0-9][a-z0-9-]*$/.test(v),
  name: str,
  formattedName: str,
  web: str,
  formattedWeb: str,
  email: str,
  phone: str,
  address: str,
  registrationDetails: str,
  operatorName: str,
  domains: (v) => strArray(v) && v.length > 0 && v.every((d) => d === d.toLowerCase() && !d.includes(":")),
  defaultLocale: oneOf(...LOCALES),
  supportedLocales: (v) => strArray(v) && v.length > 0 && v.every((l) => LOCALES.includes(l)),
  timezone: (v) => {
    try {
      return str(v) && !!new Intl.DateTimeFormat("en", { timeZone: v });
    } catch {
      return false;
    }
  },
  countryCode: oneOf("GB", "DE", "AU", "US", "CA"),
  currency: oneOf("GBP", "EUR", "AUD", "USD", "CAD"),
  partnerEnvironment: str,
  isInternational: bool,
  theme: isObj,
  icons: (v) =>
    Array.isArray(v) &&
    v.every(
      (icon) =>
        isObj(icon) &&
        ICON_ATTRIBUTES.rel.enum.includes(icon.rel) &&
        str(icon.url) &&
        (icon.sizes === undefined || new RegExp(ICON_ATTRIBUTES.sizes.regex).test(icon.sizes)) &&
        (icon.mimeType === undefined || new RegExp(ICON_ATTRIBUTES.mimeType.regex).test(icon.mimeType)),
    ),
  hasCallOutCharge: bool,
  callOutCharge: (v) => int(v) && v >= 0,
  lateDateChanges: bool,
  allowWarrantyRepairs: bool,
  inWarrantyStatus: bool,
  warrantyRepairChargeable: bool,
  warrantyRepairCharge: (v) => int(v) && v >= 0,
  use3DSecure: bool,
  usesKlarna: bool,
  payButtonVariant: oneOf("pay", "complete-and-confirm"),
  confirmOnly: bool,
  storeRequired: bool,
  maxDevicesPerBasket: (v) => int(v) && v >= 1,
  singleMakeOnly: bool,
  singleMakeId: int,
  additionalLandingPage: bool,
  referrerMakes: (v) => isObj(v) && Object.entries(v).every(([code, id]) => /^[A-Za-z0-9._~-]{1,64}$/.test(code) && int(id) && id >= 1),
  additionalLandingPageLimit: (v) => int(v) && v >= 1,
  businessAccounts: bool,
  externalLandingRedirectUrl: nullableStr,
  externalSupportPickerUrl: nullableStr,
  liveChat: bool,
  liveChatUrl: nullableStr,
  showImprint: bool,
  policyPhrase: oneOf("country", "on", "off"),
  allowsInStoreBookings: bool,
  allowsInStoreDropOff: bool,
  offersMailIn: bool,
  mailInAddress: nullableStr,
  addressLookup: bool,
  hidePostcodeSearchOnAddressChange: bool,
  applianceVariant: bool,
  fleetDaysPerWeek: oneOf(5, 7),
  maintenance: bool,
};
const THEME_FIELDS = {
  primaryColor: hex,
  primaryContrastColor: hex,
  accentColor: hex,
  backgroundColor: hex,
  surfaceColor: hex,
  textColor: hex,
  fontFamily: str,
  headingFontFamily: str,
  logoUrl: str,
  landingPageLogoUrl: str,
};
// Colour pairs used for text need 4.5:1 (WCAG AA); the accent (focus rings, icons) needs 3:1 as non-text UI.
const TEXT_PAIRS = [
  ["primaryContrastColor", "primaryColor"],
  ["textColor", "backgroundColor"],
  ["textColor", "surfaceColor"],
  ["primaryColor", "backgroundColor"],
  ["primaryColor", "surfaceColor"],
];
const UI_PAIRS = [
  ["accentColor", "backgroundColor"],
  ["accentColor", "surfaceColor"],
];
const MIN_UI_CONTRAST = 3;

function checkCarrier(dir, carrier) {
  const where = relative(root, join(dir, "carrier.json"));
  for (const [field, valid] of Object.entries(CARRIER_FIELDS)) {
    if (!(field in carrier)) fail(where, `missing ${field}`);
    else if (!valid(carrier[field])) fail(where, `bad ${field}: ${JSON.stringify(carrier[field])}`);
  }
  for (const field of Object.keys(carrier)) if (!(field in CARRIER_FIELDS)) fail(where, `unknown field ${field}`);
  const code = dirname(where).split("/").pop();
  if (carrier.code !== code) fail(where, `code ${carrier.code} differs from folder ${code}`);
  if (Array.isArray(carrier.domains) && !carrier.domains.includes(`${code}.localhost`)) fail(where, `domains lack ${code}.localhost`);
  if (Array.isArray(carrier.supportedLocales) && !carrier.supportedLocales.includes(carrier.defaultLocale)) {
    fail(where, "defaultLocale is not among supportedLocales");
  }
  if (carrier.liveChatUrl && !carrier.liveChat) fail(where, "liveChatUrl set without liveChat");
  if (carrier.offersMailIn && !carrier.mailInAddress) fail(where, "offersMailIn without a mailInAddress to post devices to");
  for (const icon of Array.isArray(carrier.icons) ? carrier.icons : []) {
    if (typeof icon?.url === "string" && icon.url.startsWith("./") && !existsSync(join(dir, icon.url))) fail(where, `icon ${icon.url} not found`);
  }
  if (!isObj(carrier.theme)) return;
  for (const [field, valid] of Object.entries(THEME_FIELDS)) {
    if (!valid(carrier.theme[field])) fail(where, `bad theme.${field}: ${JSON.stringify(carrier.theme[field])}`);
  }
  for (const [fg, bg] of TEXT_PAIRS) {
    if (!hex(carrier.theme[fg]) || !hex(carrier.theme[bg])) continue;
    const ratio = contrast(carrier.theme[fg], carrier.theme[bg]);
    if (ratio < MIN_CONTRAST) fail(where, `contrast ${fg} on ${bg} is ${ratio.toFixed(2)}:1, below ${MIN_CONTRAST}:1`);
  }
  for (const [fg, bg] of UI_PAIRS) {
    if (!hex(carrier.theme[fg]) || !hex(carrier.theme[bg])) continue;
    const ratio = contrast(carrier.theme[fg], carrier.theme[bg]);
    if (ratio < MIN_UI_CONTRAST) fail(where, `contrast ${fg} on ${bg} is ${ratio.toFixed(2)}:1, below ${MIN_UI_CONTRAST}:1`);
  }
  for (const field of ["logoUrl", "landingPageLogoUrl"]) {
    const url = carrier.theme[field];
    if (typeof url === "string" && url.startsWith("./") && !existsSync(join(dir, url))) fail(where, `theme.${field} ${url} not found`);
  }
}

function checkLogo(path) {
  const where = relative(root, path);
  const svg = readFileSync(path, "utf8");
  if (Buffer.byteLength(svg) >= 2048) fail(where, `${Buffer.byteLength(svg)} bytes, must be under 2 KB`);
  if (!/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg.trim())) fail(where, "does not start with <svg xmlns=…>");
  if (!/<text[\s>]/.test(svg)) fail(where, "no <text> wordmark");
  if (!/<(path|rect|circle|ellipse|polygon)[\s>]/.test(svg)) fail(where, "no shape");
  if (!/<title[\s>]/.test(svg)) fail(where, "no <title> for screen readers");
  // Well-formedness: every opened element is closed in order.
  const stack = [];
  for (const [, closing, tag, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)(?:\s[^<>]*?)?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(tag);
    else if (stack.pop() !== tag) {
      fail(where, `unbalanced </${tag}>`);
      return;
    }
  }
  if (stack.length) fail(where, `unclosed <${stack.join(">, <")}>`);
}

// ---------- content files ----------
function checkTitleText(where, list, count) {
  if (!Array.isArray(list)) return fail(where, "not a list");
  if (count !== undefined && list.length !== count) fail(where, `${list.length} items, expected ${count}`);
  list.forEach((item, i) => {
    if (!str(item?.title) || !str(item?.text)) fail(`${where}[${i}]`, "needs title and text");
  });
}

function checkCarousel(where, list) {
  if (!Array.isArray(list)) return fail(where, "not a list");
  list.forEach((item, i) => {
    const match = typeof item?.imagePath === "string" && item.imagePath.match(/^\/images\/devices\/([a-z0-9-]+)\.svg$/);
    if (!str(item?.title)) fail(`${where}[${i}]`, "missing title");
    if (!match) fail(`${where}[${i}]`, `bad imagePath ${JSON.stringify(item?.imagePath)}`);
    else if (!SLUGS.has(match[1])) fail(`${where}[${i}]`, `slug ${match[1]} is not in docs/catalogue-slugs.md`);
  });
}

const SECTION_CHECKS = {
  landing(where, landing, shared) {
    if (!isObj(landing)) return fail(where, "not an object");
    for (const field of ["heroTitle", "heroSubtitle", "trackingTitle", "trackingText", "fleetTitle", "fleetText", "footerOperatedBy", "footerParking", "popularTitle"])
      if (!str(landing[field])) fail(where, `missing ${field}`);
    if (!("footerCoverage" in landing) || !nullableStr(landing.footerCoverage)) fail(where, "footerCoverage must be a string or null");
    checkTitleText(`${where}.sellingPoints`, landing.sellingPoints, 3);
    checkTitleText(`${where}.steps`, landing.steps, 3);
    checkCarousel(`${where}.popularSmartphones`, landing.popularSmartphones);
    checkCarousel(`${where}.popularTablets`, landing.popularTablets);
    if (shared && landing.popularSmartphones?.length !== 10) fail(where, "popularSmartphones needs 10 items");
    if (shared && landing.popularTablets?.length !== 10) fail(where, "popularTablets needs 10 items");
    const extra = Object.keys(landing).filter(
      (k) =>
        ![
          "heroTitle",
          "heroSubtitle",
          "sellingPoints",
          "steps",
          "trackingTitle",
          "trackingText",
          "fleetTitle",
          "fleetText",
          "footerOperatedBy",
          "footerParking",
          "footerCoverage",
          "popularTitle",
          "popularSmartphones",
          "popularTablets",
        ].includes(k),
    );
    if (extra.length) fail(where, `unknown fields ${extra.join(", ")}`);
  },
  faqCategories(where, list) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    const slugs = list.map((c) => c.slug);
    if ([...slugs].sort().join() !== [...FAQ_CATEGORIES].sort().join()) fail(where, `categories ${slugs.join(", ")}`);
    list.forEach((c, i) => {
      if (!str(c.title) || !int(c.order)) fail(`${where}[${i}]`, "needs title and order");
    });
  },
  faqs(where, list) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    list.forEach((f, i) => {
      if (!FAQ_CATEGORIES.includes(f.category)) fail(`${where}[${i}]`, `bad category ${f.category}`);
      if (!str(f.question) || !str(f.answer) || !int(f.order)) fail(`${where}[${i}]`, "needs question, answer and order");
    });
    for (const category of FAQ_CATEGORIES) {
      const n = list.filter((f) => f.category === category).length;
      if (n < 3) fail(where, `${n} questions in ${category}, at least 3 needed`);
    }
  },
  helpGuides(where, list) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    const slugs = list.map((g) => g.slug);
    if ([...slugs].sort().join() !== Object.keys(GUIDES).sort().join()) fail(where, `guides ${slugs.join(", ")}`);
    list.forEach((g) => {
      const expected = GUIDES[g.slug];
      if (!expected) return;
      if (!str(g.title) || !str(g.intro)) fail(`${where}.${g.slug}`, "needs title and intro");
      if (g.kind !== expected[0]) fail(`${where}.${g.slug}`, `kind ${g.kind}, expected ${expected[0]}`);
      checkTitleText(`${where}.${g.slug}.steps`, g.steps, expected[1]);
    });
  },
  legal(where, list) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    const slugs = list.map((l) => l.slug);
    if ([...slugs].sort().join() !== [...LEGAL].sort().join()) fail(where, `pages ${slugs.join(", ")}`);
    list.forEach((l) => {
      if (!str(l.title) || !str(l.body)) return fail(`${where}.${l.slug}`, "needs title and body");
      const headings = l.body.split("\n\n").filter((para) => para.startsWith("## ")).length;
      if (headings < 3) fail(`${where}.${l.slug}`, `${headings} '## ' sections, expected several`);
    });
  },
  contactReasons(where, list) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    if (list.length < 5 || list.length > 6) fail(where, `${list.length} reasons, expected 5–6`);
    list.forEach((r, i) => {
      if (!int(r.reasonId) || !str(r.title) || !int(r.order)) fail(`${where}[${i}]`, "needs reasonId, title, order");
    });
    if (new Set(list.map((r) => r.reasonId)).size !== list.length) fail(where, "duplicate reasonId");
  },
  uiTexts(where, texts) {
    if (!isObj(texts) || !Object.values(texts).every((v) => typeof v === "string")) fail(where, "must map keys to strings");
  },
  messageTemplates(where, list, shared) {
    if (!Array.isArray(list)) return fail(where, "not a list");
    list.forEach((t, i) => {
      if (!CUSTOMER_MESSAGE_KINDS.includes(t.kind)) fail(`${where}[${i}]`, `unknown kind ${JSON.stringify(t.kind)}`);
      for (const field of ["subject", "emailBody", "smsText"]) if (!str(t[field])) fail(`${where}[${i}]`, `needs ${field}`);
    });
    const kinds = list.map((t) => t.kind);
    if (new Set(kinds).size !== kinds.length) fail(where, "a message kind twice");
    if (shared && kinds.length !== CUSTOMER_MESSAGE_KINDS.length) fail(where, `${kinds.length} messages, expected all ${CUSTOMER_MESSAGE_KINDS.length}`);
  },
};

function checkPlaceholders(where, value) {
  if (typeof value === "string") {
    const stripped = value.replace(/\{\{(\w+)\}\}/g, (whole, name) => {
      if (!PLACEHOLDERS.includes(name)) fail(where, `unknown placeholder ${whole}`);
      return "";
    });
    if (stripped.includes("{{") || stripped.includes("}}")) fail(where, `stray braces in ${JSON.stringify(value.slice(0, 60))}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => checkPlaceholders(`${where}[${i}]`, v));
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) checkPlaceholders(`${where}.${k}`, v);
}

function checkContent(path, content, shared) {
  const where = relative(root, path);
  if (!isObj(content)) return fail(where, "not an object");
  for (const key of Object.keys(content)) if (!SECTION_CHECKS[key]) fail(where, `unknown top-level key ${key}`);
  for (const [key, check] of Object.entries(SECTION_CHECKS)) {
    if (key in content) check(`${where} ${key}`, content[key], shared);
    else if (shared) fail(where, `missing ${key}`);
  }
  const { messageTemplates: _filledWhenSent, ...seeded } = content;
  checkPlaceholders(where, seeded);
}

// Shape of a value with texts blanked: en and de must agree on everything but the wording.
const SAME_ACROSS_LOCALES = new Set(["category", "slug", "kind", "order", "reasonId", "imagePath"]);
function skeleton(value, key) {
  if (Array.isArray(value)) return value.map((v) => skeleton(v));
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, skeleton(v, k)]));
  if (typeof value === "string") return SAME_ACROSS_LOCALES.has(key) ? value : "text";
  return SAME_ACROSS_LOCALES.has(key) ? value : typeof value;
}

// ---------- run ----------
const tenantsDir = here;
for (const file of walk(tenantsDir).filter((f) => f.endsWith(".json"))) readJson(file);

const shared = {};
for (const locale of LOCALES) {
  const path = join(tenantsDir, "_shared", `content.${locale}.json`);
  if (!existsSync(path)) {
    fail(relative(root, path), "missing");
    continue;
  }
  shared[locale] = readJson(path);
  if (shared[locale]) checkContent(path, shared[locale], true);
}
if (shared.en && shared.de && JSON.stringify(skeleton(shared.en)) !== JSON.stringify(skeleton(shared.de))) {
  fail("tenants/_shared", "content.en.json and content.de.json differ in keys, counts, slugs, orders or image paths");
}

const carrierDirs = readdirSync(tenantsDir).filter((name) => !name.startsWith("_") && statSync(join(tenantsDir, name)).isDirectory());
const codes = [];
for (const name of carrierDirs) {
  const dir = join(tenantsDir, name);
  const carrierPath = join(dir, "carrier.json");
  if (!existsSync(carrierPath)) {
    fail(relative(root, dir), "no carrier.json");
    continue;
  }
  const carrier = readJson(carrierPath);
  if (!carrier) continue;
  codes.push(carrier.code);
  checkCarrier(dir, carrier);
  const logo = join(dir, "logo.svg");
  if (existsSync(logo)) checkLogo(logo);
  else fail(relative(root, dir), "no logo.svg");
  for (const file of readdirSync(dir).filter((f) => /^content\..+\.json$/.test(f))) {
    const locale = file.split(".")[1];
    if (!carrier.supportedLocales?.includes(locale)) fail(relative(root, join(dir, file)), `locale ${locale} is not supported by the carrier`);
    const content = readJson(join(dir, file));
    if (content) checkContent(join(dir, file), content, false);
  }
}

const allDomains = carrierDirs.flatMap((name) => {
  const path = join(tenantsDir, name, "carrier.json");
  return existsSync(path) ? (readJson(path)?.domains ?? []) : [];
});
for (const domain of new Set(allDomains)) {
  if (allDomains.filter((d) => d === domain).length > 1) fail("tenants", `domain ${domain} used by more than one carrier`);
}

if (problems.length) {
  console.error(`tenants: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`tenants: ${codes.length} carriers OK (${codes.join(", ")})`);
