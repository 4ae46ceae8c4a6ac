/**
 * Customer message content from the CMS's engine feed (ADR 092):
 * `GET /api/engine-feed/carriers/:code/messages/:locale` with the same read token as the operations
 * feed. The answer is checked with the renderer's own schemas before the engine uses it.
 */
import { z } from "zod";
import { messageBrandSchema, messageTemplateSchema } from "../../notifications/render";
import { CUSTOMER_MESSAGE_KINDS } from "../../notifications/template-kinds";
import { MessageContentUnavailableError, type MessageContent, type MessageContentSource } from "../../notifications/message-content";
import type { CmsFeedOptions } from "./cms-feed-source";

const answerSchema = z.object({
  code: z.string(),
  locale: z.enum(["en", "de"]),
  brand: messageBrandSchema,
  templates: z.array(messageTemplateSchema.extend({ kind: z.enum(CUSTOMER_MESSAGE_KINDS) })),
});

export function createCmsMessageContent(options: CmsFeedOptions): MessageContentSource {
  const base = options.url.replace(/\/+$/, "");
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    async messageContent(carrierCode, locale) {
      const what = `CMS messages of ${carrierCode} (${locale})`;
      let response: Response;
      try {
        response = await fetchFn(`${base}/api/engine-feed/carriers/${encodeURIComponent(carrierCode)}/messages/${locale}`, {
          headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MessageContentUnavailableError(`${what}: ${(error as Error).message}`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new MessageContentUnavailableError(`${what}: HTTP ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new MessageContentUnavailableError(`${what} is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
      }
      if (parsed.data.code !== carrierCode || parsed.data.brand.code !== carrierCode) {
        throw new MessageContentUnavailableError(`${what}: answered for carrier '${parsed.data.code}'`);
      }
      const templates: MessageContent["templates"] = {};
      for (const { kind, ...template } of parsed.data.templates) templates[kind] = template;
      return { brand: parsed.data.brand, templates };
    },
  };
}
