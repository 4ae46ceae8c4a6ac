import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-technician.ops-technician');
