/**
 * Remix's default browser entry, plus the request id of a server-rendered error page so that the
 * hydrated page keeps showing the same reference (ADR 052). The nonce is not needed after load.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestInfoProvider } from "~/lib/observability/request-context";

const requestId = document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestInfoProvider value={{ requestId }}>
        <RemixBrowser />
      </RequestInfoProvider>
    </StrictMode>,
  );
});
