import { secret } from './env-defaults';

/** Pictures only (ADR 085): the site shows uploads in <img> and serves them from its own origin. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'];

export default () => ({
  // Only needed if the users-permissions plugin is ever added; kept so JWT_SECRET has one home.
  'users-permissions': { config: { jwtSecret: secret('JWT_SECRET') } },
  upload: {
    config: {
      security: { allowedTypes: UPLOAD_IMAGE_TYPES },
      sizeLimit: 10 * 1024 * 1024,
    },
  },
});
