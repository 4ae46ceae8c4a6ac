import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { checkPreviewToken, PREVIEW_COOKIE, previewCookie } from "~/content/preview.server";
import { responseScope } from "~/lib/http/response-scope.server";
import { env } from "~/env.server";
import { requireCarrier } from "~/tenant/tenant.server";
import { ButtonLink } from "~/components/ui/button";

/**
 * The CMS's preview link (ADR 086): /preview?token=…&path=/faqs/booking. A valid token for this
 * site's carrier sets the short-lived preview cookie and opens the page with the token in its query
 * (see preview.server.ts); anything else gets a branded refusal, never the draft.
 */
const previewQuery = z.object({
  token: z.string().min(1).max(512),
  // A page of this site only: one leading slash, no backslash or space.
  path: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s\\]*$/)
    .default("/"),
});

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const url = new URL(request.url);
  const query = previewQuery.safeParse(Object.fromEntries(url.searchParams));
  const check = query.success ? checkPreviewToken(query.data.token) : null;
  if (!query.success || !check?.ok || check.claims.carrierCode !== carrier.code) {
    return data({ refused: true }, { status: 403, headers: NO_STORE });
  }
  // Framed by the CMS admin on https, the cookie must be SameSite=None to reach the site.
  const secure = url.protocol === "https:" || env().COOKIE_SECURE;
  const maxAge = Math.max(1, Math.floor((check.claims.expiresAt - Date.now()) / 1000));
  responseScope().setCookie(previewCookie, query.data.token, { maxAge, secure, sameSite: secure ? "none" : "lax" });
  const page = new URL(query.data.path, url);
  page.searchParams.set(PREVIEW_COOKIE, query.data.token);
  return redirect(`${page.pathname}${page.search}`, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function PreviewRefused() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="preview-refused">
      <h1 className="mb-4 text-3xl font-bold">{t("preview.refusedTitle")}</h1>
      <p className="mb-8">{t("preview.refusedText")}</p>
      <ButtonLink to="/" size="sm">
        {t("errors.backHome")}
      </ButtonLink>
    </section>
  );
}
