// No 'strapi::poweredBy': the CMS does not announce what it runs (ADR 050).
export default [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  // Uploaded files run no script when opened directly (ADR 085); wraps whatever serves them.
  'global::sandboxed-uploads',
  'strapi::public',
];
