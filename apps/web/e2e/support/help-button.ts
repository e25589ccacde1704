// What the floating help button covers (docs/decisions/138-phone-ergonomics.md): its bounding box
// against the boxes of every visible line of text and every visible interactive or role-bearing
// element, measured in the page itself.
import type { Page } from 'playwright-core';

export const HELP_BUTTON = 'Need help? Contact us';

export interface Covered {
  /** Whether the button is on screen at all (it is absent on /contact, hidden while typing). */
  shown: boolean;
  /** What lies under it: a short description of each element or line of text. */
  hits: string[];
}

/** What the help button covers in the window as it is scrolled now. */
export function helpButtonCovers(page: Page): Promise<Covered> {
  return page.evaluate((label) => {
    const help = document.querySelector<HTMLElement>(`a[aria-label="${label}"]`);
    if (!help || !help.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      return { shown: false, hits: [] };
    const h = help.getBoundingClientRect();
    if (h.width === 0 || h.height === 0) return { shown: false, hits: [] };
    // A box of 1 px or less is a visually hidden (sr-only) element, not something one sees.
    const under = (r: DOMRect) =>
      r.width > 1 &&
      r.height > 1 &&
      r.left < h.right &&
      r.right > h.left &&
      r.top < h.bottom &&
      r.bottom > h.top;
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`;
    const hits: string[] = [];

    // Every line of text, by the boxes of its glyphs (a wide paragraph's empty end is not text).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || help.contains(parent) || !visible(parent))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(under)) hits.push(`text in ${describe(parent)}`);
    }
    // Every control, link, picture and element with a role, by its border box.
    // Landmarks and other containers are not listed: their text and controls are.
    const roles = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option']
      .concat(['slider', 'img', 'combobox', 'textbox', 'spinbutton', 'status', 'alert'])
      .map((role) => `[role="${role}"]`);
    const interactive = ['a[href]', 'button', 'input', 'select', 'textarea', 'summary', 'img']
      .concat(['video', '[tabindex]:not([tabindex="-1"])', ...roles])
      .join(', ');
    for (const el of document.body.querySelectorAll(interactive)) {
      if (el === help || help.contains(el) || el.contains(help) || !visible(el)) continue;
      if (under(el.getBoundingClientRect())) hits.push(describe(el));
    }
    return { shown: true, hits: [...new Set(hits)] };
  }, HELP_BUTTON);
}

/** Scrolls to the very bottom, again while lazy sections make the page taller. */
export async function scrollToBottom(page: Page): Promise<void> {
  let height = -1;
  for (let i = 0; i < 10; i++) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
}
