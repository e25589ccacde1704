/**
 * The answer a page's HTML carries for the first render, in
 * `<script type="application/json" id="…">` (docs/decisions/154, 165): parsed, or undefined when
 * the page has none or it is not JSON. Taken out of the page: it is used once, and a later visit
 * to the same screen in this tab asks the API as any screen does. The caller checks it with the
 * API answer's own guard.
 */
export function takePageData(id: string): unknown {
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}
