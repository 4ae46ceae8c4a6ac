import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";
import { observabilityEnv } from "./env.server";

/**
 * One JSON-lines logger for the process (ADR 052). Secrets, cookies, authorisation headers and
 * card data never reach a line: known paths are censored.
 */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'req.headers["x-strapi-signature"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  "*.password",
  "*.secret",
  "*.token",
  "*.clientToken",
  "*.nonce",
  "*.paymentMethodNonce",
  "*.payment_method_nonce",
  "*.cardNumber",
  "*.number",
  "*.cvv",
  "*.cvc",
  "*.expirationDate",
  "*.privateKey",
];

interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The request being served, so that any line logged while serving it carries its id. */
export function requestScope(): AsyncLocalStorage<RequestScope> {
  return scope;
}

export function currentRequestId(): string | undefined {
  return requestScope().getStore()?.requestId;
}

export function createLogger(options: { level?: string; destination?: pino.DestinationStream; withRequestId?: boolean } = {}): Logger {
  return pino(
    {
      level: options.level ?? observabilityEnv().LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      ...(options.withRequestId === false
        ? {}
        : {
            mixin: () => {
              const requestId = currentRequestId();
              return requestId ? { requestId } : {};
            },
          }),
    },
    options.destination,
  );
}

/** The process's logger; lines written while serving a request carry its requestId. */
let processLogger: Logger | undefined;
export function logger(): Logger {
  return (processLogger ??= createLogger());
}

/** The path as logged: no query string, and the tracking link's e-mail and order reference masked. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0] ?? "/";
  return path.replace(/^\/my\/technician\/[^/]+\/[^/]+/, "/my/technician/:email/:orderRef");
}
