import { createContext, useContext } from "react";
import type { Enhancement } from "~/enhance/names";

/**
 * What one server render knows about its request: the CSP nonce for Remix's scripts and the theme
 * style, and the request id the error page shows. The browser entry reads both back from the
 * server's HTML so that hydration renders the same attributes.
 */
export interface RequestInfo {
  nonce?: string;
  requestId?: string;
  /**
   * Set when the server renders a page that will not hydrate (ADR 206): the enhancement modules it
   * loads instead of Remix's scripts. Never in the browser, where React runs only on hydrated pages.
   */
  enhancements?: readonly Enhancement[] | null;
}

const RequestInfoContext = createContext<RequestInfo>({});

export const RequestInfoProvider = RequestInfoContext.Provider;

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}

/**
 * True while the server renders a page that will not hydrate (ADR 206): components then render what
 * their enhancement module needs (a carousel's other slides in templates, a toast as it arrives).
 */
export function useStaticPage(): boolean {
  return Boolean(useContext(RequestInfoContext).enhancements);
}
