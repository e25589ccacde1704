import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocumentProxy } from 'unpdf';

/** A run of text pdf.js found on a page, where it starts: points from the page's top left. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  /** Its font's size. */
  height: number;
}

/**
 * A PDF's text items, page by page, in the order they were drawn. A string drawn on one line is
 * one item; one that wrapped is two, on different lines. For tests that check where text sits.
 */
export async function pdfItems(bytes: Uint8Array): Promise<PdfTextItem[][]> {
  // pdf.js (unpdf's serverless build, no native canvas) takes ownership of the buffer: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: PdfTextItem[][] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const top = page.view[3]!;
      const content = await page.getTextContent();
      pages.push(
        content.items
          .filter((item) => 'str' in item && item.str.length > 0)
          .map((item) => {
            const { str, transform, height } = item as {
              str: string;
              transform: number[];
              height: number;
            };
            return { str, x: transform[4]!, y: top - transform[5]!, height };
          }),
      );
    }
    return pages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * The text of a PDF, page by page, as a reader's copy would give it: pdf.js's text items of each
 * page joined with spaces. For tests that check what a tax document says (API and browser tests).
 */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return (await pdfItems(bytes)).map((items) => items.map((item) => item.str).join(' '));
}

/** All pages' text in one string. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n');
}

/** Where the tests leave pictures for people to look at (the repository's test-results/). */
const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');

/**
 * The PDF's pages as pictures for people to look at, `<name>-page-<n>.png` at 80 dpi in
 * SCREENSHOTS_DIR, when poppler's pdftoppm is installed (`apt-get install poppler-utils`); without
 * it, nothing: the text is the test. `pages` caps how many are drawn.
 */
export function pdfPictures(pdf: Uint8Array, name: string, pages = Infinity): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const last = Number.isFinite(pages) ? ['-l', String(pages)] : [];
    const run = spawnSync('pdftoppm', ['-png', '-r', '80', ...last, file, path.join(dir, 'page')]);
    if (run.error || run.status !== 0) return;
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    // pdftoppm numbers page-1.png or page-01.png, by the page count's digits.
    for (const picture of fs.readdirSync(dir).filter((f) => f.endsWith('.png'))) {
      const n = Number(/-(\d+)\.png$/.exec(picture)?.[1]);
      fs.copyFileSync(path.join(dir, picture), path.join(SCREENSHOTS_DIR, `${name}-page-${n}.png`));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
