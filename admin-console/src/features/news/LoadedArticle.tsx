import { Alert, apiErrorText, Spinner } from '@diaspora/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminArticle, type NewsArticle } from './useAdminNews';

/** The whole article behind a list row (the list carries no content), then `children` with it. */
export function LoadedArticle({
  id,
  children,
}: {
  id: string;
  children: (article: NewsArticle) => ReactNode;
}) {
  const { t } = useTranslation('news');
  const article = useAdminArticle(id);
  if (article.isError) {
    return (
      <Alert tone="error">{apiErrorText(article.error, t, t('admin.articleLoadFailed'))}</Alert>
    );
  }
  if (!article.data) return <Spinner label={t('admin.loadingArticle')} />;
  return children(article.data);
}
