import type { StrapiApp } from '@strapi/strapi/admin';

// Offline: no release notifications, no tutorials (both fetch from outside).
export default {
  config: {
    locales: ['de'],
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap(_app: StrapiApp) {},
};
