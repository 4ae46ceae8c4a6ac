/**
 * Remix's browser entry, plus what the server rendered with, so hydration matches: the CSP nonce
 * (browsers hide the attribute but keep the `nonce` property), the request id of a server-rendered
 * error page (ADRs 050, 052), and the browser's one i18next instance (ADR 064): the page's language
 * (the server put it in `<html lang>`) and only the namespaces the matched routes declare, fetched
 * from fingerprinted URLs before hydrating so the first client render matches the server's HTML.
 * Carrier overrides come with the root loader's data (see root.tsx); other routes' namespaces load
 * when a navigation needs them.
 */
import { RemixBrowser } from "@remix-run/react";
import i18next, { type ReadCallback } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { namespaceUrl } from "~/i18n/namespace-urls";
import { COMMON_NS, isSectionNamespace, lookupOptions, sectionResource } from "~/i18n/namespaces";
import { RequestInfoProvider } from "~/lib/observability/request-context";

const requestId = document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? undefined;
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

/**
 * One namespace's texts from its fingerprinted file. A network error or a 5xx answers `true` with
 * the error, which is how i18next is told to try again later (with a growing delay); any other
 * failure is final.
 */
function readNamespace(language: string, namespace: string, callback: ReadCallback): void {
  const url = namespaceUrl(language, namespace);
  if (!url) return callback(new Error(`no texts for ${language}/${namespace}`), false);
  let retry = true;
  fetch(url)
    .then((response) => {
      retry = response.status >= 500;
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json() as Promise<Record<string, unknown>>;
    })
    .then(
      (texts) => callback(null, isSectionNamespace(namespace) ? sectionResource(namespace, texts) : texts),
      (error: Error) => callback(error, retry),
    );
}

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(readNamespace))
    .init({
      ...lookupOptions,
      lng: document.documentElement.lang,
      ns: [...new Set([COMMON_NS, ...getInitialNamespaces()])],
      partialBundledLanguages: true,
      resources: {},
      react: { useSuspense: true },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RequestInfoProvider value={{ nonce, requestId }}>
          <RemixBrowser />
        </RequestInfoProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
