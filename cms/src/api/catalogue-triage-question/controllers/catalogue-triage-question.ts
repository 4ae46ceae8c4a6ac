import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::catalogue-triage-question.catalogue-triage-question');
