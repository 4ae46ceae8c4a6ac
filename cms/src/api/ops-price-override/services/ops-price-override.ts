import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-price-override.ops-price-override');
