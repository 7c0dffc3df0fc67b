export { defineJob, defineSchedule, runDueJobs, startJobRunner, JOBS_CHANNEL, type Job } from "./jobs.server";
