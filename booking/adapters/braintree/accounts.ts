/**
 * Which Braintree merchant takes a carrier's payments, from configuration only (ADR 020): no
 * carrier code appears in code. One default account (flat BRAINTREE_* variables or the "*" entry
 * of BRAINTREE_ACCOUNTS) serves every carrier; BRAINTREE_ACCOUNTS entries keyed by carrier code
 * override it. Each account maps a currency to the merchant account that settles in it.
 */
import { z } from "zod";

const currencies = ["GBP", "EUR", "AUD", "USD", "CAD"] as const;

export const braintreeAccountSchema = z.object({
  environment: z.enum(["sandbox", "production"]).default("sandbox"),
  merchantId: z.string().trim().min(1, "merchantId is required"),
  publicKey: z.string().trim().min(1, "publicKey is required"),
  privateKey: z.string().trim().min(1, "privateKey is required"),
  /** Currency → merchant account id; a currency not listed uses the merchant's default account. */
  merchantAccounts: z.partialRecord(z.enum(currencies), z.string().trim().min(1)).default({}),
});

export type BraintreeAccount = z.output<typeof braintreeAccountSchema>;

export interface BraintreeAccounts {
  /** Carrier code → account; "*" is the default for every other carrier. */
  readonly accounts: Readonly<Record<string, BraintreeAccount>>;
}

export function accountFor(config: BraintreeAccounts, carrierCode: string): BraintreeAccount | null {
  return config.accounts[carrierCode] ?? config.accounts["*"] ?? null;
}

/** "GBP=acme_gbp,EUR=acme_eur" or a JSON object. */
function parseMerchantAccounts(value: string | undefined): unknown {
  if (!value?.trim()) return {};
  const text = value.trim();
  if (text.startsWith("{")) return JSON.parse(text);
  return Object.fromEntries(
    text
      .split(",")
      .map((pair) => pair.split("=").map((part) => part.trim()))
      .filter((pair) => pair[0])
      .map(([currency, id]) => [currency!.toUpperCase(), id ?? ""]),
  );
}

export class BraintreeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BraintreeConfigError";
  }
}

/**
 * Reads BRAINTREE_ACCOUNTS (JSON: { "<carrier code>" | "*": { environment, merchantId, publicKey,
 * privateKey, merchantAccounts: { GBP: "…" } } }) and the flat default BRAINTREE_ENVIRONMENT,
 * BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY, BRAINTREE_MERCHANT_ACCOUNTS.
 * Throws a BraintreeConfigError naming the bad entry; never echoes a key.
 */
export function braintreeAccountsFromEnv(env: Record<string, string | undefined>): BraintreeAccounts {
  const accounts: Record<string, BraintreeAccount> = {};
  const parse = (name: string, raw: unknown) => {
    const parsed = braintreeAccountSchema.safeParse(raw);
    if (!parsed.success) {
      throw new BraintreeConfigError(`Braintree account ${name}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "entry"} ${i.message}`).join("; ")}`);
    }
    return parsed.data;
  };

  if (env.BRAINTREE_MERCHANT_ID || env.BRAINTREE_PUBLIC_KEY || env.BRAINTREE_PRIVATE_KEY) {
    let merchantAccounts: unknown;
    try {
      merchantAccounts = parseMerchantAccounts(env.BRAINTREE_MERCHANT_ACCOUNTS);
    } catch {
      throw new BraintreeConfigError("BRAINTREE_MERCHANT_ACCOUNTS is neither CUR=id,CUR=id nor a JSON object");
    }
    accounts["*"] = parse("from BRAINTREE_* variables", {
      environment: env.BRAINTREE_ENVIRONMENT || undefined,
      merchantId: env.BRAINTREE_MERCHANT_ID,
      publicKey: env.BRAINTREE_PUBLIC_KEY,
      privateKey: env.BRAINTREE_PRIVATE_KEY,
      merchantAccounts,
    });
  }

  if (env.BRAINTREE_ACCOUNTS?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(env.BRAINTREE_ACCOUNTS);
    } catch {
      throw new BraintreeConfigError("BRAINTREE_ACCOUNTS is not valid JSON");
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new BraintreeConfigError("BRAINTREE_ACCOUNTS must be a JSON object keyed by carrier code");
    for (const [key, value] of Object.entries(json)) accounts[key] = parse(`"${key}" in BRAINTREE_ACCOUNTS`, value);
  }

  if (!Object.keys(accounts).length) {
    throw new BraintreeConfigError("PAYMENTS_PROVIDER=braintree needs BRAINTREE_ACCOUNTS or BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY");
  }
  return { accounts };
}
