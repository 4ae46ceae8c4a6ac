import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::catalogue-triage-question.catalogue-triage-question');
