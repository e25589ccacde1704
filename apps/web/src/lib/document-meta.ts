import { useEffect } from 'react';
import { SHOP_NAME } from '@vastra/shared/constants';

/** Sets the tab title (`Collection | Vastra`) and the meta description for a page. */
export function useDocumentMeta(title: string | null, description?: string): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
