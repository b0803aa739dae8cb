import { createContext, useContext } from "react";

/** The CSP nonce of this request, provided by entry.server and read by root's <Scripts>. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
