import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::catalogue-device-type.catalogue-device-type');
