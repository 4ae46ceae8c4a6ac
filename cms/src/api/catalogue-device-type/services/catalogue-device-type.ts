import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::catalogue-device-type.catalogue-device-type');
