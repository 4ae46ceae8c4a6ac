import { secret } from './env-defaults';
import { createPreviewHandler, previewAllowedOrigins } from '../src/preview/preview';

export default () => ({
  auth: {
    secret: secret('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: secret('API_TOKEN_SALT'),
  },
  transfer: {
    token: { salt: secret('TRANSFER_TOKEN_SALT') },
  },
  secrets: {
    encryptionKey: secret('ENCRYPTION_KEY'),
  },
  // Offline: no NPS survey, no Enterprise promotion (both call outside services).
  flags: {
    nps: false,
    promoteEE: false,
  },
  // Drafts shown on the carrier's own site (ADR 086).
  preview: {
    enabled: true,
    config: {
      allowedOrigins: previewAllowedOrigins(),
      handler: createPreviewHandler(() => strapi, secret('PREVIEW_SECRET')),
    },
  },
});
