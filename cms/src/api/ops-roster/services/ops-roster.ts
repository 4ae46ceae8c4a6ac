import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-roster.ops-roster');
