import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::catalogue-model.catalogue-model');
