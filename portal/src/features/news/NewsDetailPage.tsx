import { Badge, Spinner, useDocumentTitle } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommentThread } from '../comments';
import { ReactionBar, useRecordView } from '../reactions';
import './news.css';
import { NewsImage } from './NewsCard';
import { authorOf, formatPublished } from './newsText';
import { useArticle } from './useNews';

/** /news/:id: the whole article with reactions and its comment thread. */
export function NewsDetailPage() {
  const { t, i18n } = useTranslation('news');
  const { id } = useParams();
  const article = useArticle(id);
  const recordedViews = useRecordView('news', article.data?._id);
  useDocumentTitle(article.data?.title);

  if (article.isPending) return <Spinner />;
  if (article.isError) {
    return (
      <div className="container page-body news-not-found">
        <h1>{t('notFound')}</h1>
        <p>{t('notFoundText')}</p>
        <Link className="btn" to="/news">
          {t('backToNews')}
        </Link>
      </div>
    );
  }
  const news = article.data;
  return (
    <article className="container page-body news-article">
      <Link to="/news" className="news-article__back">
        ← {t('backToNews')}
      </Link>
      <NewsImage article={news} className="news-article__image" />
      <div className="news-card__badges content-card__badges">
        {news.featured && <Badge tone="accent">{t('featured')}</Badge>}
        <Badge tone="primary">{t(`categories.${news.category}`)}</Badge>
      </div>
      <h1 className="news-article__title">{news.title}</h1>
      <p className="news-card__meta">
        <span>{t('byAuthor', { name: authorOf(news, t) })}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={news.publishedAt ?? news.createdAt}>
          {formatPublished(news, i18n.language)}
        </time>
      </p>
      {news.excerpt && <p className="news-article__lead">{news.excerpt}</p>}
      <div className="news-article__content">{news.content}</div>
      <ReactionBar
        contentType="news"
        contentId={news._id}
        likes={news.likes}
        dislikes={news.dislikes}
        myReaction={news.myReaction}
        views={recordedViews ?? news.views}
      />
      <CommentThread contentType="news" contentId={news._id} />
    </article>
  );
}
