import { timestamp } from "drizzle-orm/pg-core";

/** Column helpers the domain files of db/schema share (not re-exported by the index: they are no tables). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
