import { randomBytes } from "node:crypto";
import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from "express";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { buildCsp, CSP_REPORT_PATH } from "./csp";
import { createLogger, loggablePath, logger, requestScope } from "./logger.server";
import { countCspReport, observeRequest } from "./metrics.server";
import { requestIdFrom } from "./request-id";
import { withSecureFlag } from "./secure-cookies";

/** ADR 052: one JSON line per request with its id; the id is also the X-Request-Id response header. */
export function requestLog(): RequestHandler {
  return pinoHttp({
    logger: createLogger({ withRequestId: false }),
    genReqId: (request, response) => {
      const id = requestIdFrom(request.headers["x-request-id"]);
      response.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId" },
    // The id is bound to the request's logger (and so to its line) rather than nested under req.
    quietReqLogger: true,
    serializers: {
      req: (request: { method: string; url: string; raw?: { originalUrl?: string } }) => ({ method: request.method, path: loggablePath(request.raw?.originalUrl ?? request.url) }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : response.statusCode >= 400 ? "warn" : "info"),
    customSuccessMessage: (request, response) => `${request.method} ${loggablePath((request as Request).originalUrl ?? request.url)} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${loggablePath((request as Request).originalUrl ?? request.url)} ${response.statusCode}`,
  });
}

/** After the request log: the request's duration in the metrics, and its id on every line logged while serving it. */
export function requestObservation(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeRequest({ pathname: request.path, method: request.method, status: response.statusCode, seconds });
    });
    requestScope().run({ requestId: String(request.id) }, next);
  };
}

/**
 * The headers every response carries (ADRs 050, 051): documents get their page's CSP from
 * entry.server with this request's nonce; any response without one (assets, data, resource
 * routes, Express's own errors) gets the strict base policy. Cookies are Secure when the request
 * came over HTTPS — `request.secure` believes X-Forwarded-Proto only with Express's trust proxy.
 */
export function securityHeaders(options: { development: boolean; cookieSecure: boolean }): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    response.locals.cspNonce = nonce;
    onHeaders(response, function (this: Response) {
      if (!this.getHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", buildCsp({ nonce, development: options.development }));
      const cookies = this.getHeader("Set-Cookie");
      if (cookies !== undefined && (request.secure || options.cookieSecure)) {
        this.setHeader("Set-Cookie", withSecureFlag(Array.isArray(cookies) ? cookies : [String(cookies)], true));
      }
    });
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("X-Frame-Options", "SAMEORIGIN");
    response.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
    if (!options.development) response.setHeader("Strict-Transport-Security", "max-age=15552000");
    next();
  };
}

const MAX_REPORTS = 20;

/** Without query strings or the tracking link's e-mail: page URLs carry e-mails and order references. */
const withoutQuery = (value: unknown) =>
  typeof value === "string" ? value.split(/[?#]/)[0]!.replace(/\/my\/technician\/[^/]+\/[^/]+/, "/my/technician/:email/:orderRef") : undefined;

/** What a report says, from either format, without the page's query string or the whole policy. */
export function summariseReport(report: unknown) {
  const outer = (report ?? {}) as Record<string, unknown>;
  const body = (outer["csp-report"] ?? outer.body ?? outer) as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((key) => body[key]).find((value) => value !== undefined);
  return {
    page: withoutQuery(pick("document-uri", "documentURL")),
    directive: pick("effective-directive", "effectiveDirective", "violated-directive"),
    blocked: withoutQuery(pick("blocked-uri", "blockedURL")),
    source: withoutQuery(pick("source-file", "sourceFile")),
    line: pick("line-number", "lineNumber"),
    disposition: pick("disposition"),
  };
}

/**
 * Browsers post violations here (report-uri: application/csp-report; a Reporting API batch,
 * application/reports+json, is taken too). Logged and counted; always 204, whatever arrives.
 */
export function cspReportRoute(): Router {
  const router = Router();
  router.post(
    CSP_REPORT_PATH,
    express.json({ type: ["application/csp-report", "application/reports+json", "application/json"], limit: "16kb" }),
    (request: Request, response: Response) => {
      const body: unknown = request.body;
      const reports = Array.isArray(body) ? body.slice(0, MAX_REPORTS) : body && typeof body === "object" && Object.keys(body).length ? [body] : [];
      if (reports.length) {
        countCspReport(reports.length);
        logger().warn({ cspReports: reports.map(summariseReport) }, "content security policy violation");
      }
      response.status(204).end();
    },
    (error: unknown, _request: Request, response: Response, _next: NextFunction) => {
      logger().warn({ reason: error instanceof Error ? error.message : String(error) }, "unreadable content security policy report");
      response.status(204).end();
    },
  );
  return router;
}
