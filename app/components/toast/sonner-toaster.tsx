import { useEffect } from "react";
import { Toaster } from "sonner";
import { useStoredTheme } from "~/lib/theme";

export default function SonnerToaster({ onMount }: { onMount: () => void }) {
  const theme = useStoredTheme();
  useEffect(onMount, [onMount]);
  return <Toaster position="top-right" richColors closeButton visibleToasts={1} theme={theme} />;
}
