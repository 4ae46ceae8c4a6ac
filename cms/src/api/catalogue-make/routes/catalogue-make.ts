import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::catalogue-make.catalogue-make');
