import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export type MetaPage = 'home' | 'apply' | 'wizard' | 'esta' | 'pricing' | 'chat' | 'dashboard' | 'checkout' | 'confirmation' | 'login' | 'results' | 'other';

/** Search-engine metadata for the pages the spec lists (1-core §2.2), in the current language. */
export function usePageMeta(page: MetaPage, brandName?: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = t(`meta.${page}.title`, { brand: brandName ?? 'Rumbo' });
    let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.appendChild(description);
    }
    description.content = t(`meta.${page}.description`);
  }, [page, brandName, t, i18n.language]);
}
