import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-roster.ops-roster');
