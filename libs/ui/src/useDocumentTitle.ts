import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title while a page is shown: "Page · Site", as the server writes it into an event's
 * or an article's first HTML; the site's name alone again when the page goes.
 */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('common:brand');
  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.title = page ? `${page} · ${brand}` : brand;
    return () => {
      document.title = brand;
    };
  }, [page, brand]);
}
