import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-discount-code.ops-discount-code');
