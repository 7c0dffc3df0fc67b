import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (absent in the dev server). */
    cspNonce?: string;
    /** Client IP as Express determined it (honours TRUST_PROXY); used for rate limits. */
    clientIp?: string;
  }
}

export {};
