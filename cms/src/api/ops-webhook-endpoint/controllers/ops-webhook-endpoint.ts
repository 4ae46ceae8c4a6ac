import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ops-webhook-endpoint.ops-webhook-endpoint');
