import { z } from "zod";
import { LANGUAGE_PARAM } from "./language-link";
import { supportedLanguages, type Language } from "./namespaces";

const languageSchema = z.enum(supportedLanguages);

/**
 * The language a query string names with `lng` (spec §7, ADR 120): one of the site's languages, named
 * once (or repeated alike); anything else (absent, unknown, upper case, two different values) is null
 * and ignored. Whether the carrier offers it is `pickLocale`'s decision.
 */
export function requestedLanguage(search: URLSearchParams): Language | null {
  const values = search.getAll(LANGUAGE_PARAM);
  if (values.length === 0 || values.some((value) => value !== values[0])) return null;
  const parsed = languageSchema.safeParse(values[0]);
  return parsed.success ? parsed.data : null;
}
