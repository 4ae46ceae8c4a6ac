/** The shared device catalogue (ADR 010): makes, device types, models, versions, colours, problems, catalogue prices, extras, triage questions; seeded from tenants/catalogue.json. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { IrisSection } from "@repair/rules/iris";
import { createdAt } from "./columns";

export interface Localized {
  en: string;
  de: string;
}

/** One IRIS code (ADR 273): its section, the code as the IRIS table writes it, and its title in both languages. */
export interface IrisCode {
  section: IrisSection;
  code: string;
  title: Localized;
}

/** Single row: what the whole catalogue carries besides its lists. */
export const catalogueInfo = pgTable("catalogue_info", {
  id: integer("id").primaryKey(),
  sourceHash: text("source_hash").notNull(),
  saleTitle: jsonb("sale_title").$type<Localized | null>(),
  /** The IRIS codes operations keep in the CMS, for the technician's irisCodes step (spec §2). */
  irisCodes: jsonb("iris_codes").$type<IrisCode[]>().notNull().default([]),
  seededAt: createdAt(),
  /** The CMS feed's revision time of what is stored (ADR 080): an older or equal delivery is ignored. */
  sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true, mode: "date" }),
});

/** Spec §3 device type ids: 1 (phone or tablet), 2 (appliance). */
export const deviceTypes = pgTable("device_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  title: jsonb("title").$type<Localized>().notNull(),
});

export const makes = pgTable("makes", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  typeId: integer("type_id").notNull(),
  active: boolean("active").notNull().default(true),
});

export type DeviceKind = "phone" | "tablet" | "appliance";

export const models = pgTable(
  "models",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    typeId: integer("type_id").notNull(),
    deviceType: text("device_type").$type<DeviceKind>().notNull(),
    priority: integer("priority").notNull(),
    releaseYear: integer("release_year"),
    batteryRequiredForScreenRepair: boolean("battery_required_for_screen_repair").notNull(),
    imagePath: text("image_path").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("models_type_priority_idx").on(t.typeId, t.priority)],
);

/** A phone or tablet has one make; an appliance model is generic across appliance makes. */
export const modelMakes = pgTable(
  "model_makes",
  {
    modelId: integer("model_id").notNull(),
    makeId: integer("make_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.makeId, t.modelId] })],
);

export const modelVersions = pgTable(
  "model_versions",
  {
    id: integer("id").primaryKey(),
    modelId: integer("model_id").notNull(),
    name: text("name").notNull(),
    storageGb: integer("storage_gb"),
    fullModelCode: text("full_model_code"),
    position: integer("position").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("model_versions_model_idx").on(t.modelId)],
);

export const modelColours = pgTable(
  "model_colours",
  {
    modelId: integer("model_id").notNull(),
    code: text("code").notNull(),
    name: jsonb("name").$type<Localized>().notNull(),
    hex: text("hex").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.code] })],
);

export const problems = pgTable("problems", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  typeId: integer("type_id").notNull(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  symptoms: jsonb("symptoms").$type<Localized[]>().notNull(),
  sortOrder: integer("sort_order").notNull(),
});

/** Which problems a model can be booked for. */
export const modelProblems = pgTable(
  "model_problems",
  {
    modelId: integer("model_id").notNull(),
    problemId: integer("problem_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.problemId] })],
);

/** Catalogue price of a problem on a model in one currency, used by every carrier without its own price. */
export const cataloguePrices = pgTable(
  "catalogue_prices",
  {
    modelId: integer("model_id").notNull(),
    problemId: integer("problem_id").notNull(),
    currency: text("currency").notNull(),
    price: integer("price").notNull(),
    /** The price before a sale; null when the problem is not on sale. */
    nonSalePrice: integer("non_sale_price"),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.problemId, t.currency] })],
);

export const extras = pgTable("extras", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  deviceTypes: jsonb("device_types").$type<DeviceKind[]>().notNull(),
  /** Minor units by currency. */
  prices: jsonb("prices").$type<Record<string, number>>().notNull(),
  active: boolean("active").notNull().default(true),
});

export const triageQuestions = pgTable("triage_questions", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  question: jsonb("question").$type<Localized>().notNull(),
  required: boolean("required").notNull(),
  options: jsonb("options").$type<{ code: string; label: Localized }[]>().notNull(),
  position: integer("position").notNull(),
  active: boolean("active").notNull().default(true),
});

export const triageQuestionModels = pgTable(
  "triage_question_models",
  {
    questionId: integer("question_id").notNull(),
    modelId: integer("model_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.questionId] })],
);
