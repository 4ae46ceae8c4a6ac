import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-roster.ops-roster');
