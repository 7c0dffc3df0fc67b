import { createContext, useContext, type ReactNode } from "react";

/**
 * The per-request CSP nonce. Only the server render knows it; in the browser
 * the context is empty, which is fine because scripts are not re-inserted.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
