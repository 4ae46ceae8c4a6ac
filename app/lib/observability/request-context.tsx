import { createContext, useContext } from "react";

/**
 * What one server render knows about its request: the CSP nonce for Remix's scripts and the theme
 * style, and the request id the error page shows. On the client the nonce is unset (browsers hide
 * it once the page has loaded) and the id is read back from the server's error page.
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
