export { defineJob, defineSchedule, ensureSchedules, errorText, runDueJobs, startJobRunner, JOBS_CHANNEL, type Job } from "./jobs.server";
