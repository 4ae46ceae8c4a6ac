import type { Core } from '@strapi/strapi';
import { findStaffAccount, listStaffAccounts } from '../../../staff-accounts/staff-accounts';

type Ctx = { params: { code?: string; id?: string }; query: Record<string, unknown>; body: unknown; notFound(message: string): void };

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Ctx) {
    const area = typeof ctx.query.serviceArea === 'string' && ctx.query.serviceArea ? ctx.query.serviceArea : undefined;
    ctx.body = { accounts: await listStaffAccounts(strapi, String(ctx.params.code ?? ''), area) };
  },
  async findOne(ctx: Ctx) {
    const account = await findStaffAccount(strapi, String(ctx.params.code ?? ''), String(ctx.params.id ?? ''));
    if (!account) return ctx.notFound('No such staff account');
    ctx.body = { account };
  },
});
