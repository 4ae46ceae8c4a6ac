import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::legal-page.legal-page');
