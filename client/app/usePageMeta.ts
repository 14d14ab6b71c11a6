import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteData } from './siteData';

export type MetaPage = 'home' | 'apply' | 'wizard' | 'esta' | 'pricing' | 'chat' | 'dashboard' | 'checkout' | 'confirmation' | 'login' | 'results' | 'other';

/** Search-engine metadata for the pages the spec lists (1-core §2.2), in the current language. */
export function usePageMeta(page: MetaPage, brandName?: string): void {
  const { t, i18n } = useTranslation();
  // The brand the admin chose, as the prerendered page's title has it (client/prerender.tsx).
  const { branding } = useSiteData();
  const brand = brandName ?? branding.brandName;
  useEffect(() => {
    document.title = t(`meta.${page}.title`, { brand });
    let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.appendChild(description);
    }
    description.content = t(`meta.${page}.description`);
  }, [page, brand, t, i18n.language]);
}
