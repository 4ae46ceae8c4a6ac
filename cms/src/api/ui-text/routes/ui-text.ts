import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ui-text.ui-text');
