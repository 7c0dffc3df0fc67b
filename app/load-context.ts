import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (absent in the dev server). */
    cspNonce?: string;
  }
}

export {};
