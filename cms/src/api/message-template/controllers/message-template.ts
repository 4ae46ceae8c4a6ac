import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::message-template.message-template');
