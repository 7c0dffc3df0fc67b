import { useEffect } from "react";
import type { ToastMessage } from "~/lib/toast";
import { showToast } from "./toaster";

/** Shows a toast sent by a loader or an action, once per message id. */
export function useShowToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
