/**
 * Staff log-in for the web app (ADR 095), with the app's read-only API token: Strapi lets a
 * read-only token reach only handlers named find/findOne, and these answer reads (whose credentials
 * are these, which account is this), never writes. Without a valid token Strapi answers 401/403.
 */
export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/staff-auth/login', handler: 'staff-auth.findOne', config: { policies: [] } },
    { method: 'GET', path: '/staff-auth/carriers/:code/accounts', handler: 'staff-accounts.find', config: { policies: [] } },
    { method: 'GET', path: '/staff-auth/carriers/:code/accounts/:id', handler: 'staff-accounts.findOne', config: { policies: [] } },
  ],
};
