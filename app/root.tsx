import "~/lib/observability/zod-browser";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { getLandingPage, getUiTexts } from "~/content/content.server";
import { createI18n } from "~/i18n/i18n";
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
import stylesheet from "~/tailwind.css?url";
import { ErrorContent, ErrorReference } from "~/components/error-content";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** Paths that keep working while a carrier is in maintenance (the page itself, health, webhook). */
const MAINTENANCE_EXEMPT = /^\/(maintenance|healthz|readyz|api\/cms-webhook)(\/|$)/;

export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const url = new URL(request.url);
  if (carrier.maintenance && !MAINTENANCE_EXEMPT.test(url.pathname)) throw redirect("/maintenance");

  const [{ locale, persist }, { toast, setCookie: clearToast }] = await Promise.all([pickLocale(request, carrier), takeToast(request)]);
  const [uiTexts, landing] = await Promise.all([
    getUiTexts(carrier, locale).catch(() => ({})),
    getLandingPage(carrier, locale).catch(() => null),
  ]);
  const headers = new Headers();
  if (persist) headers.append("Set-Cookie", await localeCookie.serialize(locale));
  if (clearToast) headers.append("Set-Cookie", clearToast);
  return data(
    {
      carrier: publicCarrier(carrier),
      locale,
      uiTexts,
      toast,
      footer: landing
        ? { operatedBy: landing.footerOperatedBy, parking: landing.footerParking, coverage: landing.footerCoverage }
        : null,
    },
    { headers },
  );
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

function Document({ root, children, title }: { root?: RootData; children: React.ReactNode; title?: string }) {
  const i18n = useMemo(() => createI18n(root?.locale ?? "en", root?.uiTexts ?? {}), [root?.locale, root?.uiTexts]);
  const { nonce } = useRequestInfo();
  return (
    <html lang={root?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
        {root ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss(root.carrier.theme) }} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-page text-ink antialiased">
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const wantsLiveChat = useRouteWantsLiveChat();
  return (
    <Document root={root}>
      {root ? <SiteHeader carrier={root.carrier} locale={root.locale} /> : null}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {root ? <SiteFooter carrier={root.carrier} texts={root.footer} /> : null}
      <Toaster incoming={root?.toast} />
      {root?.carrier.liveChat && wantsLiveChat ? <LiveChatButton widgetUrl={root.carrier.liveChatUrl ?? null} /> : null}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const plainI18n = useMemo(() => createI18n("en"), []);
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
            <I18nextProvider i18n={plainI18n}>
              <ErrorReference />
            </I18nextProvider>
          </main>
        </body>
      </html>
    );
  }
  return (
    <Document root={root} title={`${status} · ${root.carrier.name}`}>
      <SiteHeader carrier={root.carrier} locale={root.locale} />
      <main id="main" className="flex-1">
        <ErrorContent status={status} />
      </main>
      <SiteFooter carrier={root.carrier} texts={root.footer} />
    </Document>
  );
}
