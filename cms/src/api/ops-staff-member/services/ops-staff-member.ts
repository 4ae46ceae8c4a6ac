import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-staff-member.ops-staff-member');
