import type { Core } from '@strapi/strapi';
import { CARRIER_CODE_PATTERN } from '../../../lib/content-model';
import { verifyStaffLogin } from '../../../staff-accounts/staff-accounts';

type Ctx = { request: { body?: unknown }; body: unknown; badRequest(message: string): void };

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST { carrierCode, username, password } → { account } or { account: null }, the same for every refusal. */
  async findOne(ctx: Ctx) {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const carrierCode = text(body.carrierCode, 63);
    const username = text(body.username, 254);
    const password = text(body.password, 1024);
    if (!carrierCode || !CARRIER_CODE_PATTERN.test(carrierCode) || !username || !password) {
      return ctx.badRequest('carrierCode, username and password are required');
    }
    ctx.body = { account: await verifyStaffLogin(strapi, carrierCode, username, password) };
  },
});
