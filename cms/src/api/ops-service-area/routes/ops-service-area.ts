import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-service-area.ops-service-area');
