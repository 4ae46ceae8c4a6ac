import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-staff-member.ops-staff-member');
