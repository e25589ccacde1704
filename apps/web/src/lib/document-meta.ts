import { useLayoutEffect } from 'react';
import { SHOP_NAME } from '@vastra/shared/constants';

/** What a page without a description of its own says, so no page keeps the previous page's. */
const DEFAULT_DESCRIPTION = `Shop original shirts, T-shirts and pants from the brands India loves at ${SHOP_NAME}, with cash on delivery and easy returns.`;

/**
 * Sets the tab title (`Collection | Vastra`) and the meta description for a page, in the commit
 * that puts the page in the document: an effect would run after paint, leaving the previous
 * page's title on the tab (and on a crawler's snapshot) for a frame or more.
 */
export function useDocumentMeta(title: string | null, description?: string): void {
  useLayoutEffect(() => {
    if (title === null) return;
    document.title = title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description || DEFAULT_DESCRIPTION;
  }, [title, description]);
}
