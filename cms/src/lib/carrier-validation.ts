import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CARRIER_CODE_PATTERN, CARRIER_UID, LOCALIZED_UIDS } from './content-model';

/** A lower-case host name without port: labels of a-z, 0-9 and inner hyphens, dot-separated. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const LOCALES = ['en', 'de'];

type Problem = { path: string[]; message: string };

export function carrierProblems(data: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  if ('code' in data) {
    const { code } = data;
    if (typeof code !== 'string' || !CARRIER_CODE_PATTERN.test(code)) {
      problems.push({
        path: ['code'],
        message: `code must be lower-case letters, digits and hyphens, starting with a letter or digit (got ${JSON.stringify(code)})`,
      });
    }
  }
  if ('domains' in data && data.domains != null) {
    const { domains } = data;
    if (!Array.isArray(domains)) {
      problems.push({ path: ['domains'], message: 'domains must be an array of host names, e.g. ["fixly.example.com"]' });
    } else {
      domains.forEach((domain, index) => {
        if (typeof domain !== 'string' || !HOST_NAME.test(domain)) {
          problems.push({
            path: ['domains', String(index)],
            message: `domains[${index}] must be a lower-case host name without scheme, port or path (got ${JSON.stringify(domain)})`,
          });
        }
      });
    }
  }
  if ('supportedLocales' in data && data.supportedLocales != null) {
    const { supportedLocales } = data;
    if (!Array.isArray(supportedLocales) || supportedLocales.some((l) => !LOCALES.includes(l as string))) {
      problems.push({ path: ['supportedLocales'], message: `supportedLocales must be an array with values from ${LOCALES.join(', ')}` });
    }
  }
  return problems;
}

function assertValid(problems: Problem[]): void {
  if (problems.length === 0) return;
  throw new errors.ValidationError(problems.map((p) => p.message).join('; '), {
    errors: problems.map((p) => ({ path: p.path, message: p.message, name: 'ValidationError', value: undefined })),
  });
}

/**
 * Document middleware: rejects a malformed carrier code, domain list or carrierCode with a 400
 * (ValidationError) before anything reaches the database, for the REST API, the admin and seeding alike.
 */
export function registerCarrierValidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.action !== 'create' && ctx.action !== 'update') return next();
    const data = ((ctx.params as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
    if (ctx.uid === CARRIER_UID) {
      assertValid(carrierProblems(data));
    } else if ((LOCALIZED_UIDS as readonly string[]).includes(ctx.uid) && 'carrierCode' in data) {
      const { carrierCode } = data;
      if (typeof carrierCode !== 'string' || !CARRIER_CODE_PATTERN.test(carrierCode)) {
        assertValid([{ path: ['carrierCode'], message: `carrierCode must be a carrier code (got ${JSON.stringify(carrierCode)})` }]);
      }
    }
    return next();
  });
}
