/**
 * The engine feed of /work/ops-contract.md. Handlers are named find/findOne so the web app's
 * read-only API token may call them (Strapi lets read-only tokens reach only those actions); a
 * request without a valid token gets 401/403 from Strapi's api-token strategy.
 */
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/engine-feed/catalogue', handler: 'catalogue.find', config: { policies: [] } },
    { method: 'GET', path: '/engine-feed/carriers', handler: 'engine-feed.find', config: { policies: [] } },
    { method: 'GET', path: '/engine-feed/carriers/:code', handler: 'engine-feed.findOne', config: { policies: [] } },
    { method: 'GET', path: '/engine-feed/carriers/:code/messages/:locale', handler: 'messages.findOne', config: { policies: [] } },
  ],
};
