export { defineJob, defineSchedule, ensureSchedules, runDueJobs, startJobRunner, JOBS_CHANNEL, type Job } from "./jobs.server";
