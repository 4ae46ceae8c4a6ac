import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::ops-webhook-endpoint.ops-webhook-endpoint');
