import { z } from "zod";

/** A toast message as loaders and actions send it to the browser. */
export const toastMessageSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});
export type ToastMessage = z.infer<typeof toastMessageSchema>;

export function toastMessage(type: ToastMessage["type"], title: string, description?: string): ToastMessage {
  return { id: crypto.randomUUID(), type, title, description };
}
