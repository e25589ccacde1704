// The events a browser sends when the shopper changes a form control's value, for the web tests
// (decision 137). Testing Library's fireEvent.change sends only `change`: React's onChange heard
// it, but the storefront runs on preact/compat, whose onChange on text boxes listens to `input`,
// the event a browser sends for every keystroke, paste or autofill. A browser sends `input` and
// then `change`; so does fireEvent.change here, and each test keeps its meaning: "the shopper set
// this value".
import { fireEvent } from '@testing-library/react';

export function sendInputBeforeChange(): void {
  const change = fireEvent.change;
  fireEvent.change = (element, init) => {
    if (!isFormControl(element)) return change(element, init);
    fireEvent.input(element, init);
    return change(element);
  };
}

function isFormControl(element: Document | Node | Element | Window): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}
