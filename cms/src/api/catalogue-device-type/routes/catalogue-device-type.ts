import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::catalogue-device-type.catalogue-device-type');
