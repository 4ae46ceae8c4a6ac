import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-api-key.ops-api-key');
