import { pageUrl } from '@diaspora/api-client';
import { Badge, MediaImage, Modal } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from './useAdminNews';

interface ArticleViewProps {
  article: NewsArticle | undefined;
  onClose: () => void;
}

/** The view action: the article as readers see it, with a link to its public page. */
export function ArticleView({ article, onClose }: ArticleViewProps) {
  const { t } = useTranslation('news');
  return (
    <Modal open={Boolean(article)} title={article?.title ?? ''} onClose={onClose}>
      {article && (
        <div className="article-view">
          {article.image && (
            <MediaImage className="article-view__image" src={article.image} alt="" />
          )}
          <p className="article-view__badges">
            {article.featured && <Badge tone="accent">{t('featured')}</Badge>}
            <Badge tone="primary">{t(`categories.${article.category}`)}</Badge>
            <Badge>{article.published ? t('admin.statusPublished') : t('admin.statusDraft')}</Badge>
          </p>
          <p>{t('byAuthor', { name: article.author.name })}</p>
          {article.excerpt && (
            <p>
              <strong>{article.excerpt}</strong>
            </p>
          )}
          <p className="article-view__content">{article.content}</p>
          {article.published && (
            <a href={pageUrl(`/news/${article._id}`)} target="_blank" rel="noreferrer">
              {t('admin.openArticle')}
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
