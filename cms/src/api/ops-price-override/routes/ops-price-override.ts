import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-price-override.ops-price-override');
