import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-discount-code.ops-discount-code');
