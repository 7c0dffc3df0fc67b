import { z } from "zod";
import { safeRedirectTarget } from "./safe-redirect";

/** A page of the forum a toast leads to ("Zur Diskussion"): only our own paths, as the message travels in a cookie. */
const toastLinkSchema = z.object({
  href: z.string().refine((href) => safeRedirectTarget(href, "") === href),
  label: z.string().min(1),
});
export type ToastLink = z.infer<typeof toastLinkSchema>;

/** A toast message as loaders and actions send it to the browser. */
export const toastMessageSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
  link: toastLinkSchema.optional(),
});
export type ToastMessage = z.infer<typeof toastMessageSchema>;

export function toastMessage(type: ToastMessage["type"], title: string, description?: string, link?: ToastLink): ToastMessage {
  return { id: crypto.randomUUID(), type, title, description, ...(link ? { link } : {}) };
}
