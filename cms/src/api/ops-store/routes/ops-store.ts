import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-store.ops-store');
