import { checkEventListeners } from "~/server/platform";
import "./accounts.server";
import "./discussions.server";
import "./answers.server";
import "./moderation.server";
import "./admin.server";
import "./legal.server";
import "./tags.server";
import "./messages.server";

/**
 * Every listener of the domain events, one file per domain that announces them (decision 0021): to see what a
 * write causes, read its domain's file here top to bottom. Loaded once per process before the first write: by
 * app/entry.server.tsx, by server/jobs.ts, by the integration tests' setup and by the scripts that write. A
 * forgotten listener stops the process here, at start.
 */
checkEventListeners();
