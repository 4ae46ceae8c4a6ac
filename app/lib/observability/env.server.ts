import { env, parseEnv, type Env } from "../../env.server";

/**
 * The settings of the hardened edge (ADRs 050–052): a view of the app's one environment schema
 * (ADR 042), parsed once for the edge and the pages alike.
 */
export type ObservabilityEnv = Pick<
  Env,
  "NODE_ENV" | "LOG_LEVEL" | "METRICS_PORT" | "TRUST_FORWARDED_HOST" | "COOKIE_SECURE" | "PAYMENTS_PROVIDER" | "PAY_LATER_PROVIDER" | "CAPTCHA_PROVIDER" | "TILE_URL_TEMPLATE"
>;

/** The process's settings come from the one cached parse; another source is parsed on its own (tests). */
export function observabilityEnv(source: Record<string, string | undefined> = process.env): ObservabilityEnv {
  return source === process.env ? env() : parseEnv(source);
}
