import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-api-key.ops-api-key');
