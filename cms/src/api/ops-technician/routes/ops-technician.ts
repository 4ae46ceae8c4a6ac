import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-technician.ops-technician');
