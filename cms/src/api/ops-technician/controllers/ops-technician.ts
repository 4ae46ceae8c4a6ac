import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-technician.ops-technician');
