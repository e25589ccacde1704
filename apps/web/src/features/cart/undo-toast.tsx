import { TOAST_DEFAULTS } from '@vastra/shared/constants';
import { loadToast, notify } from '@/lib/toast';
import { CART_TEXT } from './messages';

interface UndoToast {
  /** 'Removed Linen Shirt (size M)'. */
  message: string;
  onUndo: () => void;
  /** The remove was pressed from the keyboard: focus goes to Undo, so it is one key away. */
  focus: boolean;
}

/**
 * A removed line's toast with an Undo button, for the toasts' usual few seconds
 * (docs/decisions/144-cart-edits.md). It is an alert, so it is announced; the countdown stops
 * while the pointer is over it or Undo has the focus. Without the toast library (offline before
 * the first message) the plain notice says what was removed, without Undo.
 */
let shown = 0;

/** Focuses the element once, as it is put on the page. */
function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

export function showUndoToast({ message, onUndo, focus }: UndoToast): void {
  void loadToast().then((module) => {
    if (!module) {
      notify.info(message);
      return;
    }
    const { toast } = module;
    // Its own id: the same line removed again after an Undo is a new toast.
    shown += 1;
    const toastId = `undo:${shown}`;
    toast.info(
      ({ closeToast }) => (
        <div className="flex items-center gap-4">
          <span className="min-w-0 flex-1">{message}</span>
          <button
            type="button"
            // Focus moves here only after a keyboard remove; the line's button is gone by then.
            // A ref, not autoFocus: Preact leaves autoFocus to the browser, which honours it
            // only once per page (docs/decisions/137-preact-storefront.md).
            ref={focus ? focusOnMount : undefined}
            onFocus={() => toast.pause({ id: toastId })}
            onBlur={() => toast.play({ id: toastId })}
            onClick={() => {
              closeToast();
              onUndo();
            }}
            className="shrink-0 border border-ink px-3 py-1.5 text-xs font-semibold tracking-[0.14em] uppercase hover:bg-ink hover:text-paper"
          >
            {CART_TEXT.undo}
          </button>
        </div>
      ),
      { toastId, autoClose: TOAST_DEFAULTS.autoClose },
    );
  });
}
