/**
 * Which Klarna merchant (API username and password, region, environment) takes a carrier's
 * pay-later payments, from configuration only (ADR 022): a default (flat KLARNA_* variables or the
 * "*" entry of KLARNA_ACCOUNTS) and per-carrier entries of KLARNA_ACCOUNTS keyed by carrier code.
 */
import { z } from "zod";

export const KLARNA_BASE_URLS = {
  production: { eu: "https://api.klarna.com", na: "https://api-na.klarna.com", oc: "https://api-oc.klarna.com" },
  playground: { eu: "https://api.playground.klarna.com", na: "https://api-na.playground.klarna.com", oc: "https://api-oc.playground.klarna.com" },
} as const;

export const klarnaAccountSchema = z.object({
  username: z.string().trim().min(1, "username is required"),
  password: z.string().trim().min(1, "password is required"),
  region: z.enum(["eu", "na", "oc"]).default("eu"),
  environment: z.enum(["playground", "production"]).default("playground"),
});

export type KlarnaAccount = z.output<typeof klarnaAccountSchema>;

export interface KlarnaAccounts {
  readonly accounts: Readonly<Record<string, KlarnaAccount>>;
}

export function klarnaAccountFor(config: KlarnaAccounts, carrierCode: string): KlarnaAccount | null {
  return config.accounts[carrierCode] ?? config.accounts["*"] ?? null;
}

export function klarnaBaseUrl(account: KlarnaAccount): string {
  return KLARNA_BASE_URLS[account.environment][account.region];
}

export class KlarnaConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KlarnaConfigError";
  }
}

/**
 * Reads KLARNA_ACCOUNTS (JSON: { "<carrier code>" | "*": { username, password, region, environment } })
 * and the flat default KLARNA_USERNAME, KLARNA_PASSWORD, KLARNA_REGION, KLARNA_ENVIRONMENT.
 */
export function klarnaAccountsFromEnv(env: Record<string, string | undefined>): KlarnaAccounts {
  const accounts: Record<string, KlarnaAccount> = {};
  const parse = (name: string, raw: unknown) => {
    const parsed = klarnaAccountSchema.safeParse(raw);
    if (!parsed.success) throw new KlarnaConfigError(`Klarna account ${name}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "entry"} ${i.message}`).join("; ")}`);
    return parsed.data;
  };
  if (env.KLARNA_USERNAME || env.KLARNA_PASSWORD) {
    accounts["*"] = parse("from KLARNA_* variables", {
      username: env.KLARNA_USERNAME,
      password: env.KLARNA_PASSWORD,
      region: env.KLARNA_REGION || undefined,
      environment: env.KLARNA_ENVIRONMENT || undefined,
    });
  }
  if (env.KLARNA_ACCOUNTS?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(env.KLARNA_ACCOUNTS);
    } catch {
      throw new KlarnaConfigError("KLARNA_ACCOUNTS is not valid JSON");
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new KlarnaConfigError("KLARNA_ACCOUNTS must be a JSON object keyed by carrier code");
    for (const [key, value] of Object.entries(json)) accounts[key] = parse(`"${key}" in KLARNA_ACCOUNTS`, value);
  }
  if (!Object.keys(accounts).length) throw new KlarnaConfigError("PAY_LATER_PROVIDER=klarna needs KLARNA_ACCOUNTS or KLARNA_USERNAME and KLARNA_PASSWORD");
  return { accounts };
}
