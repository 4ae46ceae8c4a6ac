import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-api-key.ops-api-key');
