import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-staff-member.ops-staff-member');
