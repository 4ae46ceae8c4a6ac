import { secret } from './env-defaults';

export default () => ({
  // Only needed if the users-permissions plugin is ever added; kept so JWT_SECRET has one home.
  'users-permissions': { config: { jwtSecret: secret('JWT_SECRET') } },
});
