import "~/lib/observability/zod-browser";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { getLandingPage, hasStaffAccounts } from "~/content/content.server";
import { carrierTexts } from "~/i18n/i18n.server";
import { i18nInstanceFor } from "~/i18n/instances";
import { OVERRIDES_NS, isSectionNamespace, routeNamespaces } from "~/i18n/namespaces";
import { publicCarrier } from "~/lib/public-carrier";
import { pickLocale, requireCarrier } from "~/tenant/tenant.server";
import { themeCss } from "~/tenant/theme";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { LiveChatButton, useRouteWantsLiveChat } from "~/components/live-chat";
import { Toaster } from "~/components/toaster";
import { useRequestInfo } from "~/lib/observability/request-context";
import { localeCookie } from "~/lib/cookies.server";
import { takeToast } from "~/lib/toast.server";
import { responseScope } from "~/lib/http/response-scope.server";
import stylesheet from "~/tailwind.css?url";
import { ErrorContent } from "~/components/error-content";
import { PreviewBanner } from "~/components/preview-banner";
import { isPreviewing } from "~/content/preview.server";
import type { Enhancement } from "~/enhance/names";
import { ENHANCEMENT_SCRIPTS } from "~/enhance/urls";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** Paths that keep working while a carrier is in maintenance (the page itself, health, webhook). */
const MAINTENANCE_EXEMPT = /^\/(maintenance|healthz|readyz|api\/cms-webhook)(\/|$)/;

export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const url = new URL(request.url);
  if (carrier.maintenance && !MAINTENANCE_EXEMPT.test(url.pathname)) throw redirect("/maintenance");

  const [{ locale, persist }, toast] = await Promise.all([pickLocale(request, carrier), takeToast(request)]);
  const [{ uiTexts, key: i18nKey }, landing, staffLogin] = await Promise.all([
    carrierTexts(carrier, locale),
    getLandingPage(carrier, locale).catch(() => null),
    // The staff log-in is offered where in-store bookings are, or where the carrier has staff (ADR 133).
    carrier.allowsInStoreBookings ? true : hasStaffAccounts(carrier).catch(() => false),
  ]);
  if (persist) responseScope().setCookie(localeCookie, locale);
  return data({
    carrier: publicCarrier(carrier),
    locale,
    uiTexts,
    i18nKey,
    preview: isPreviewing(carrier.code),
    toast,
    footer: landing ? { operatedBy: landing.footerOperatedBy, parking: landing.footerParking, coverage: landing.footerCoverage } : null,
    staffLogin,
  });
}

/**
 * After any form post, also one answered 4xx, read the root again: it carries the toast the
 * action flashed (single fetch skips revalidation after an error status by default).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

/**
 * The server renders with its cached instance for this carrier and locale; the browser with its
 * one instance, to which the carrier's overrides are added before anything renders text, so the
 * hydrated page shows exactly the server's words.
 */
function useI18n(root: RootData | undefined) {
  const i18n = i18nInstanceFor(root);
  // Keyed on the locale and the texts, not on `root`, which is a new object after every revalidation.
  const locale = root?.locale;
  const uiTexts = root?.uiTexts;
  useMemo(() => {
    if (typeof document !== "undefined" && i18n && locale !== undefined && uiTexts !== undefined) i18n.addResourceBundle(locale, OVERRIDES_NS, uiTexts, true, true);
  }, [i18n, locale, uiTexts]);
  return i18n;
}

/** Loads the namespaces the matched routes declare; navigations wait for them (a transition). */
function RouteTranslations({ root, children }: { root: RootData; children: React.ReactNode }) {
  // A flashed toast may name another area's text (`booking.toasts.…` shown on the landing page).
  const toastNamespace = root.toast?.key?.split(".")[0];
  const namespaces = routeNamespaces(useMatches());
  if (toastNamespace && isSectionNamespace(toastNamespace) && !namespaces.includes(toastNamespace)) namespaces.push(toastNamespace);
  useTranslation(namespaces);
  useChangeLanguage(root.locale);
  return children;
}

/** The page's enhancement modules, and the shared chunks they import preloaded beside them. */
function EnhancementScripts({ names, nonce }: { names: readonly Enhancement[]; nonce?: string }) {
  const scripts = names.flatMap((name) => ENHANCEMENT_SCRIPTS[name] ?? []);
  const imports = [...new Set(scripts.flatMap((script) => script.imports))];
  return (
    <>
      {imports.map((url) => (
        <link key={url} rel="modulepreload" href={url} nonce={nonce} />
      ))}
      {scripts.map((script) => (
        <script key={script.url} type="module" src={script.url} nonce={nonce} />
      ))}
    </>
  );
}

/**
 * A page served without hydration (ADR 206; entry.server decides from the matched routes' handles)
 * carries its enhancement modules instead of Remix's scripts and scroll restoration. The browser's
 * build leaves that branch out (`import.meta.env.SSR`).
 */
function Document({ root, children, title }: { root?: RootData; children: React.ReactNode; title?: string }) {
  const i18n = useI18n(root);
  const { nonce, enhancements } = useRequestInfo();
  return (
    <html lang={root?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {title ? <title>{title}</title> : null}
        {root?.preview ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Meta />
        <Links />
        {/* The carrier's site icons from the CMS (ADR 277); none set: no link, the browser's default. */}
        {root?.carrier.icons.map((icon, index) => (
          <link key={index} rel={icon.rel} href={icon.href} sizes={icon.sizes ?? undefined} type={icon.type ?? undefined} />
        ))}
        {root ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss(root.carrier.theme) }} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-page text-ink antialiased">
        {i18n && root ? (
          <I18nextProvider i18n={i18n}>
            <RouteTranslations root={root}>
              {root.preview ? <PreviewBanner /> : null}
              {children}
            </RouteTranslations>
          </I18nextProvider>
        ) : (
          children
        )}
        {import.meta.env.SSR && enhancements ? (
          <EnhancementScripts names={enhancements} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * A page in the staff area's back-office layout (ADR 257): a route whose handle names it (the /store
 * layout route) gives its pages their own header; the customer site's header and footer stay out.
 * Chosen by route, never by carrier.
 */
function useBackOffice(): boolean {
  return useMatches().some((match) => (match.handle as { layout?: string } | undefined)?.layout === "back-office");
}

export default function App() {
  const root = useRootData();
  const wantsLiveChat = useRouteWantsLiveChat();
  const backOffice = useBackOffice();
  // Marks the page interactive: until then a form posts natively (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Document root={root}>
      {backOffice ? (
        // The back-office layout route draws its own header and main.
        <Outlet />
      ) : (
        <>
          {root ? <SiteHeader carrier={root.carrier} locale={root.locale} /> : null}
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          {root ? <SiteFooter carrier={root.carrier} texts={root.footer} staffLogin={root.staffLogin} /> : null}
        </>
      )}
      <Toaster incoming={root?.toast} />
      {root?.carrier.liveChat && wantsLiveChat && !backOffice ? <LiveChatButton widgetUrl={root.carrier.liveChatUrl ?? null} /> : null}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { requestId } = useRequestInfo();
  const backOffice = useBackOffice();
  if (!root) {
    // No carrier: either no site for this host, or the CMS has never answered. Plain page.
    const text = status === 404 ? "Site not found" : status === 503 ? "Temporarily unavailable" : "Something went wrong";
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{text}</title>
        </head>
        <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
          <main>
            <h1>{text}</h1>
            {requestId ? (
              <p data-testid="error-reference" data-request-id={requestId}>
                Reference: {requestId}
              </p>
            ) : null}
          </main>
        </body>
      </html>
    );
  }
  return (
    <Document root={root} title={`${status} · ${root.carrier.name}`}>
      {backOffice ? null : <SiteHeader carrier={root.carrier} locale={root.locale} />}
      <main id="main" className="flex-1">
        <ErrorContent status={status} />
      </main>
      {backOffice ? null : <SiteFooter carrier={root.carrier} texts={root.footer} staffLogin={root.staffLogin} />}
    </Document>
  );
}
