/**
 * The partner API's readable reference (issue 23 item 6, ADR 178): Swagger UI's own built files
 * (swagger-ui-dist, in node_modules) served from this origin at /api/v4/reference, reading
 * /api/v4/openapi.json. Nothing comes from elsewhere and the page has no inline script or style, so
 * the app's base Content-Security-Policy (script-src 'self' plus the request's nonce) holds as it is.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Router } from "express";
import { OPENAPI_PATH } from "./openapi";
import { API_PREFIX } from "./routes";

export const REFERENCE_PATH = "/reference";

/** Swagger UI's files this page uses, by the name they are served under. */
const ASSETS = ["swagger-ui-bundle.js", "swagger-ui.css"] as const;

/** Starts Swagger UI on the document; no validator badge (it would call validator.swagger.io). */
const START = `window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(API_PREFIX + OPENAPI_PATH)}, dom_id: "#reference", deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
});
`;

function page(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API reference</title>
<link rel="stylesheet" href="${base}/swagger-ui.css">
</head>
<body>
<main id="reference"><p>The partner API's reference needs JavaScript. The contract itself is <a href="${API_PREFIX}${OPENAPI_PATH}">${API_PREFIX}${OPENAPI_PATH}</a>.</p></main>
<script src="${base}/swagger-ui-bundle.js"></script>
<script src="${base}/start.js"></script>
</body>
</html>
`;
}

/** Mounted at API_PREFIX before the API's router (whose unknown paths answer the §8 404). */
export function apiReference(): Router {
  const router = Router({ caseSensitive: true, strict: false });
  const dist = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const base = `${API_PREFIX}${REFERENCE_PATH}`;
  const html = page(base);
  router.get(REFERENCE_PATH, (_request, response) => {
    response.setHeader("Cache-Control", "public, max-age=300");
    response.type("html").send(html);
  });
  router.get(`${REFERENCE_PATH}/start.js`, (_request, response) => {
    response.setHeader("Cache-Control", "public, max-age=300");
    response.type("application/javascript").send(START);
  });
  for (const asset of ASSETS) {
    router.get(`${REFERENCE_PATH}/${asset}`, (_request, response, next) => {
      response.sendFile(path.join(dist, asset), { maxAge: "1d" }, (error) => {
        if (error) next(error);
      });
    });
  }
  return router;
}
