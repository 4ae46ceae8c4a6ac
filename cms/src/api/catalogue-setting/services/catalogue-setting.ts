import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::catalogue-setting.catalogue-setting');
