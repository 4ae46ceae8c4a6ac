import { env } from "~/env.server";

/**
 * The client's address for throttling failed lookups (ADR 031). The server passes the socket's
 * address as `clientAddress` in the Remix load context where it does; behind a trusted proxy
 * (TRUST_FORWARDED_HOST) the first X-Forwarded-For entry is used. null when neither is known:
 * the per-address limit is then skipped (a shared "unknown" bucket would lock everyone out).
 */
export function clientAddress(request: Request, context: unknown): string | null {
  const fromServer = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  if (env().TRUST_FORWARDED_HOST) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return typeof fromServer === "string" && fromServer ? fromServer : null;
}
