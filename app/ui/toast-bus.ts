/** Client-side toasts raised by an action's answer (with JavaScript); the Toaster listens. */
import { useEffect } from "react";
import type { ToastMessage } from "~/content/messages";

type Listener = (t: ToastMessage & { id: string }) => void;
const listeners = new Set<Listener>();

export function subscribeToasts(l: Listener) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export function emitToast(t: ToastMessage & { id: string }) {
  for (const l of listeners) l(t);
}

/** Shows `toast` (from action data) once per distinct id. */
export function useActionToast(toast: (ToastMessage & { id: string }) | null | undefined) {
  useEffect(() => {
    if (toast) emitToast(toast);
  }, [toast]);
}
