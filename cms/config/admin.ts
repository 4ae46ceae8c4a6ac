import { secret } from './env-defaults';

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
});
