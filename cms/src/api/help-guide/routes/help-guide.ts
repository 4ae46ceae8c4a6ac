import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::help-guide.help-guide');
