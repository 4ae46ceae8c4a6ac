/**
 * The operations source over HTTP: the CMS's engine feed (/work contract "ops-contract", issue 9),
 * `GET /api/engine-feed/{catalogue,carriers,carriers/:code}` with the web app's read token. Every
 * answer is validated with the seed schemas (ADR 015) before the engine sees it.
 */
import { z } from "zod";
import { cmsApiKeySchema } from "../../api-keys/api-keys";
import { catalogueFileSchema, engineFileSchema } from "../../catalogue/seed-schema";
import { OperationsDataInvalidError, OperationsSourceUnavailableError, type OperationsSource } from "../../operations/operations-source";

export interface CmsFeedOptions {
  /** The CMS's base URL, e.g. http://127.0.0.1:1337. */
  url: string;
  /** The read-only API token the web app reads content with. */
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const revisionTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const carrierCode = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

const catalogueAnswer = z.object({ updatedAt: revisionTime, catalogue: catalogueFileSchema });
const carriersAnswer = z.object({ carriers: z.array(z.object({ code: carrierCode, updatedAt: revisionTime })) });
const carrierAnswer = z.object({ code: carrierCode, updatedAt: revisionTime, engine: engineFileSchema, apiKeys: z.array(cmsApiKeySchema).optional() });

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`);
}

export function createCmsFeedSource(options: CmsFeedOptions): OperationsSource {
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchFn = options.fetch ?? fetch;

  async function get(path: string): Promise<unknown | null> {
    let response: Response;
    try {
      response = await fetchFn(`${base}/api/engine-feed/${path}`, {
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OperationsSourceUnavailableError(`CMS feed ${path}: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new OperationsSourceUnavailableError(`CMS feed ${path}: HTTP ${response.status}`);
    try {
      return await response.json();
    } catch (error) {
      throw new OperationsDataInvalidError(`CMS feed ${path}`, [`not JSON: ${(error as Error).message}`]);
    }
  }

  function parse<T extends z.ZodType>(schema: T, what: string, value: unknown): z.output<T> {
    const result = schema.safeParse(value);
    if (!result.success) throw new OperationsDataInvalidError(what, issuesOf(result.error));
    return result.data;
  }

  return {
    describe: `CMS feed at ${base}`,
    async catalogue() {
      const answer = await get("catalogue");
      if (answer === null) throw new OperationsSourceUnavailableError("CMS feed catalogue: HTTP 404 (is the feed deployed?)");
      return parse(catalogueAnswer, "CMS feed catalogue", answer);
    },
    async carriers() {
      const answer = await get("carriers");
      if (answer === null) throw new OperationsSourceUnavailableError("CMS feed carriers: HTTP 404 (is the feed deployed?)");
      return parse(carriersAnswer, "CMS feed carriers", answer).carriers;
    },
    async carrier(code) {
      const answer = await get(`carriers/${encodeURIComponent(code)}`);
      if (answer === null) return null;
      const parsed = parse(carrierAnswer, `CMS feed carrier ${code}`, answer);
      if (parsed.code !== code || parsed.engine.carrier_code !== code) {
        throw new OperationsDataInvalidError(`CMS feed carrier ${code}`, [`answered for carrier '${parsed.code}' / engine.carrier_code '${parsed.engine.carrier_code}'`]);
      }
      return parsed;
    },
  };
}
