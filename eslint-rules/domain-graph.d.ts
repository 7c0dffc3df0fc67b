export const serverDomains: Record<string, readonly string[]>;
