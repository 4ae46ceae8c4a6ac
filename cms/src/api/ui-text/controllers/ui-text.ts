import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ui-text.ui-text');
