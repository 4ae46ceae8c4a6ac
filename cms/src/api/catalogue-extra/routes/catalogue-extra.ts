import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::catalogue-extra.catalogue-extra');
