import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-service-area.ops-service-area');
