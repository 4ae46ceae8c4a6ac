import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-discount-code.ops-discount-code');
