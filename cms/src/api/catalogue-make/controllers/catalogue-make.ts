import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::catalogue-make.catalogue-make');
