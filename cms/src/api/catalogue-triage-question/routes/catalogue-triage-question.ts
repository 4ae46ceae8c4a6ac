import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::catalogue-triage-question.catalogue-triage-question');
