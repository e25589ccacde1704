import { useEffect } from 'react';
import { SHOP_NAME } from '@vastra/shared/constants';

/** What a page without a description of its own says, so no page keeps the previous page's. */
const DEFAULT_DESCRIPTION = `Shop original shirts, T-shirts and pants from the brands India loves at ${SHOP_NAME}, with cash on delivery and easy returns.`;

/** Sets the tab title (`Collection | Vastra`) and the meta description for a page. */
export function useDocumentMeta(title: string | null, description?: string): void {
  useEffect(() => {
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
