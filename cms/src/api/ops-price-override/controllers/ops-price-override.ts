import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-price-override.ops-price-override');
