import { useEffect } from "react";
import { toast } from "sonner";
import type { ToastMessage } from "~/lib/toast";

/** Shows a toast sent by a loader or an action, once per message id. */
export function useShowToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (!message) return;
    const show = message.type === "error" ? toast.error : message.type === "success" ? toast.success : toast.info;
    show(message.title, { id: message.id, description: message.description });
  }, [message]);
}
