import type { toast as Toast } from 'react-toastify/unstyled';
import { createStore, useStore } from './create-store';

/**
 * Every message the shopper sees goes through here. The toast library (and its container) is
 * loaded only when the first message is raised, so a visit without messages never downloads it
 * (docs/decisions/022); react-toastify queues toasts raised before its container mounts.
 */
export interface Notifier {
  error: (message: string) => void;
  info: (message: string) => void;
  success: (message: string) => void;
}

const toastsWanted = createStore(false);

/** True once something has been toasted: the app shell then mounts the container. */
export function useToastsWanted(): boolean {
  return useStore(toastsWanted);
}

let toastModule: Promise<{ toast: typeof Toast }> | null = null;
function loadToast() {
  toastsWanted.set(true);
  return (toastModule ??= import('react-toastify/unstyled'));
}

export const notify: Notifier = {
  // The same error twice in a row (a double click) shows once: the id is the text.
  error: (message) => void loadToast().then(({ toast }) => toast.error(message, { toastId: `error:${message}` })),
  info: (message) => void loadToast().then(({ toast }) => toast.info(message, { toastId: `info:${message}` })),
  success: (message) => void loadToast().then(({ toast }) => toast.success(message)),
};
