import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ops-webhook-endpoint.ops-webhook-endpoint');
