import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page by page, as a reader's copy would give it: pdf.js's text items of each
 * page joined with spaces. For tests that check what a tax document says (API and browser tests).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((s) => s.length > 0)
          .join(' '),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** All pages' text in one string. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n');
}
