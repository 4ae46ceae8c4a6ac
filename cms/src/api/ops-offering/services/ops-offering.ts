import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-offering.ops-offering');
