import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::message-template.message-template');
