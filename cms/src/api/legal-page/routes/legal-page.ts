import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::legal-page.legal-page');
