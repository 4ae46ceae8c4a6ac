import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-service-area.ops-service-area');
