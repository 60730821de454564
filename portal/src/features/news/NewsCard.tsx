import { Badge, CardSkeleton, MediaImage, NewspaperIcon } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReactionBar } from '../reactions';

import { authorOf, formatPublished, type NewsArticle, type NewsSummary } from './newsText';

/** An article's image, or the placeholder when there is none, it fails to load or is a placeholder host. */
export function NewsImage({
  article,
  className,
}: {
  article: Pick<NewsArticle, 'image'>;
  className: string;
}) {
  return (
    <MediaImage
      src={article.image}
      alt=""
      className={className}
      missingClassName="news-image--placeholder"
      icon={<NewspaperIcon />}
    />
  );
}

/**
 * A card of the news list and of the home page's latest news. `level`: its title's heading level,
 * 2 in the list (under the page's h1), 3 under a home section's h2.
 */
export function NewsCard({ article, level = 3 }: { article: NewsSummary; level?: 2 | 3 }) {
  const Title = `h${level}` as const;
  const { t, i18n } = useTranslation('news');
  const title = `news-${article._id}`;
  return (
    <article className="news-card content-card card" data-testid="news-card">
      <NewsImage article={article} className="news-card__image content-card__image" />
      <div className="news-card__badges content-card__badges">
        {article.featured && <Badge tone="accent">{t('featured')}</Badge>}
        <Badge tone="primary">{t(`categories.${article.category}`)}</Badge>
      </div>
      <p className="news-card__meta">
        <span>{authorOf(article, t)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={article.publishedAt ?? article.createdAt}>
          {formatPublished(article, i18n.language)}
        </time>
      </p>
      <Title id={title} className="news-card__title content-card__title">
        <Link to={`/news/${article._id}`}>{article.title}</Link>
      </Title>
      <p className="news-card__excerpt">{article.excerpt}</p>
      <div className="news-card__footer">
        <ReactionBar
          contentType="news"
          contentId={article._id}
          likes={article.likes}
          dislikes={article.dislikes}
          myReaction={article.myReaction}
          views={article.views}
        />
        {/* Named "Read More <title>": a list of links is not ten alike. */}
        <Link
          id={`${title}-more`}
          aria-labelledby={`${title}-more ${title}`}
          className="btn btn--secondary"
          to={`/news/${article._id}`}
        >
          {t('readMore')}
        </Link>
      </div>
    </article>
  );
}

/** The loading state of a card (spec: 6 skeleton cards). */
export function NewsCardSkeleton() {
  return (
    <CardSkeleton
      className="news-card"
      imageClassName="news-card__image"
      testId="news-skeleton"
      bodyHeight={48}
    />
  );
}
