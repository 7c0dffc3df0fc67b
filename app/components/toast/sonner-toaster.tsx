import { useEffect } from "react";
import { Toaster } from "sonner";

export default function SonnerToaster({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <Toaster position="top-right" richColors closeButton visibleToasts={1} />;
}
