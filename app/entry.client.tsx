/**
 * Remix's default browser entry, plus what the server rendered with, so hydration matches: the CSP
 * nonce (browsers hide the attribute but keep the `nonce` property) and the request id of a
 * server-rendered error page (ADRs 050, 052).
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestInfoProvider } from "~/lib/observability/request-context";

const requestId = document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? undefined;
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

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
