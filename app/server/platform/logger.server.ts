import { pino } from "pino";
import { env } from "./env.server";

/** Structured JSON logs on stdout, one line per event. */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: { service: "forum" },
  redact: {
    paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.newPassword"],
    censor: "[redacted]",
  },
});

/** Query parameters whose values open an account or the developer mailbox. */
const SECRET_PARAMS = /([?&](?:token|key)=)[^&#]*/gi;

/**
 * A request URL as it may be logged: mailed links (`/auth/magic-link?token=…`,
 * `/reset-password?token=…`) and the mailbox key would otherwise sit in every
 * access log line, readable by whoever reads the logs.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}
