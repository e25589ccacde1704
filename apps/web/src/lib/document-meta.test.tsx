import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { useDocumentMeta } from './document-meta';

function Page({ title, description }: { title: string; description?: string }) {
  useDocumentMeta(title, description);
  return <h1>{title}</h1>;
}

const root = document.createElement('div');
afterEach(() => render(null, root));

describe('useDocumentMeta', () => {
  // The tab title must name the page the moment its heading is in the document: an effect that
  // runs after paint left the previous page's title on a rendered page (seen in the browser tests).
  it('sets the title and description in the same commit that puts the page in the document', () => {
    render(<Page title="About us" description="Who we are." />, root);
    expect(root.querySelector('h1')?.textContent).toBe('About us');
    expect(document.title).toBe('About us | Vastra');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Who we are.',
    );
  });

  it('a page without a description of its own gets the shop one, not the previous page’s', () => {
    render(<Page title="About us" description="Who we are." />, root);
    render(<Page title="Contact" />, root);
    expect(document.title).toBe('Contact | Vastra');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Shop original shirts/,
    );
  });
});
