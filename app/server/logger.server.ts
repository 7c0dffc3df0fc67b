import { pino } from "pino";
import { env } from "./env.server";

/** Structured JSON logs on stdout, one line per event. */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: { service: "forum" },
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "*.password",
      "*.newPassword",
    ],
    censor: "[redacted]",
  },
});
