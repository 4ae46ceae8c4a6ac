import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::message-template.message-template');
