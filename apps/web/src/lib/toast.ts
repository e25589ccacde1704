import type { toast as Toast } from 'react-toastify/unstyled';
import { TOAST_DEFAULTS } from '@vastra/shared/constants';
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

type Kind = keyof Notifier;

/**
 * Offline before the first message, the library's chunk cannot be fetched, and that first message
 * is often the one saying so ('No response from server…'). It is then shown in this bare notice:
 * no dependency, top-right, gone after the toasts' own delay or when dismissed.
 */
function showBuiltInNotice(kind: Kind, message: string): void {
  let region = document.getElementById('vastra-notices');
  if (!region) {
    region = document.createElement('div');
    region.id = 'vastra-notices';
    region.style.cssText =
      'position:fixed;top:1rem;right:1rem;z-index:9999;display:grid;gap:.5rem;max-width:min(24rem,calc(100vw - 2rem))';
    document.body.append(region);
  }
  const role = kind === 'error' ? 'alert' : 'status';
  // As with the toasts' ids: the same message twice in a row shows once.
  for (const shown of region.children) {
    if (shown.getAttribute('role') === role && shown.firstChild?.textContent === message) return;
  }
  const notice = document.createElement('div');
  notice.setAttribute('role', role);
  notice.style.cssText = `display:flex;gap:.75rem;align-items:start;padding:.75rem 1rem;background:#fff;color:#111;border:1px solid #ddd;border-left:4px solid ${kind === 'error' ? '#b91c1c' : '#111'};box-shadow:0 4px 12px rgb(0 0 0/.12);font:14px/1.4 system-ui,sans-serif`;
  const text = document.createElement('span');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.style.cssText = 'margin-left:auto;background:none;border:0;font-size:18px;cursor:pointer';
  const remove = () => {
    clearTimeout(timer);
    notice.remove();
  };
  close.addEventListener('click', remove);
  notice.append(text, close);
  region.append(notice);
  const timer = setTimeout(remove, TOAST_DEFAULTS.autoClose);
}

let toastModule: Promise<{ toast: typeof Toast } | null> | null = null;
/**
 * The toast library, loaded once and its container mounted; null while it cannot be fetched.
 * For a toast with a button of its own (the cart's Undo, docs/decisions/144-cart-edits.md).
 */
export function loadToast() {
  toastModule ??= import('react-toastify/unstyled').then(
    (module) => {
      // The container is mounted only once the library is here (its chunk needs the network too).
      toastsWanted.set(true);
      return module;
    },
    () => {
      // Try again on the next message: the connection may be back.
      toastModule = null;
      return null;
    },
  );
  return toastModule;
}

/** When each error on screen was raised, by its toast id: a new page drops the older ones. */
const errorsShownAt = new Map<string, number>();

function show(kind: Kind, message: string, toastId?: string): void {
  if (kind === 'error') errorsShownAt.set(`error:${message}`, Date.now());
  void loadToast().then((module) => {
    if (!module) return showBuiltInNotice(kind, message);
    // A success answers what went wrong before it (a login after a wrong password): the old
    // messages go first, then it shows (docs/decisions/135-pick-up-where-you-were.md).
    if (kind === 'success') {
      errorsShownAt.clear();
      module.toast.dismiss();
    }
    module.toast[kind](message, toastId === undefined ? undefined : { toastId });
  });
}

/** Takes every message off the screen: a step that succeeded without a message of its own. */
export function clearToasts(): void {
  errorsShownAt.clear();
  void toastModule?.then((module) => module?.toast.dismiss());
  document.getElementById('vastra-notices')?.replaceChildren();
}

/**
 * On another page, the errors of the last one go; one raised just now stays (the reason a page
 * sent the shopper here, such as an ended session).
 */
export function clearStaleErrors(): void {
  for (const [id, at] of errorsShownAt)
    if (Date.now() - at > 1000) {
      errorsShownAt.delete(id);
      void toastModule?.then((module) => module?.toast.dismiss(id));
    }
}

export const notify: Notifier = {
  // The same error twice in a row (a double click) shows once: the id is the text.
  error: (message) => show('error', message, `error:${message}`),
  info: (message) => show('info', message, `info:${message}`),
  success: (message) => show('success', message),
};
