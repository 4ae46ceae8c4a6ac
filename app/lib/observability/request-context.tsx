import { createContext, useContext } from "react";

/**
 * What one server render knows about its request: the CSP nonce for Remix's scripts and the theme
 * style, and the request id the error page shows. The browser entry reads both back from the
 * server's HTML so that hydration renders the same attributes.
 */
export interface RequestInfo {
  nonce?: string;
  requestId?: string;
}

const RequestInfoContext = createContext<RequestInfo>({});

export const RequestInfoProvider = RequestInfoContext.Provider;

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}
