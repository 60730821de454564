import { Badge, EyeIcon, Pagination } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ICON_SIZE,
  DeleteAction,
  EditableList,
  EditAction,
  IconAction,
  listTexts,
} from '../../shared/EditableList';
import { formatDate } from '../../shared/formatDate';
import { useClampedPage } from '../../shared/useClampedPage';
import './news-admin.css';
import { ArticleEditor } from './ArticleEditor';
import { ArticleView } from './ArticleView';
import { LoadedArticle } from './LoadedArticle';
import { useAdminNews, useDeleteArticle, type NewsListItem } from './useAdminNews';

/** The News tab: the article list with view, edit and delete, and the create-article form. */
export function NewsTab() {
  const { t, i18n } = useTranslation('news');
  const removeArticle = useDeleteArticle();
  const [page, setPage] = useState(1);
  const news = useAdminNews(page);
  useClampedPage(page, news.data?.totalPages, setPage);
  // The row whose view is open; the view shows the whole article once loaded.
  const [viewing, setViewing] = useState<string>();

  return (
    <>
      <EditableList
        texts={listTexts(t, 'admin')}
        headingClassName="news-admin__heading"
        status={news}
        rows={news.data?.news}
        rowKey={(article) => article._id}
        remove={removeArticle}
        editor={(article, close) =>
          article ? (
            <LoadedArticle id={article._id}>
              {(whole) => <ArticleEditor article={whole} close={close} />}
            </LoadedArticle>
          ) : (
            <ArticleEditor close={close} />
          )
        }
        columns={[
          t('admin.columns.title'),
          t('admin.columns.category'),
          t('admin.columns.status'),
          t('admin.columns.date'),
          t('admin.columns.actions'),
        ]}
      >
        {(article: NewsListItem, actions) => (
          <>
            <td>
              {article.title} {article.featured && <Badge tone="accent">{t('featured')}</Badge>}
            </td>
            <td>{t(`categories.${article.category}`)}</td>
            <td>
              <Badge tone={article.published ? 'primary' : 'neutral'}>
                {article.published ? t('admin.statusPublished') : t('admin.statusDraft')}
              </Badge>
            </td>
            <td>{formatDate(article.publishedAt ?? article.createdAt, i18n.language)}</td>
            <td className="table__actions">
              <IconAction
                label={t('admin.view', { title: article.title })}
                onClick={() => setViewing(article._id)}
              >
                <EyeIcon size={ADMIN_ICON_SIZE} />
              </IconAction>
              <EditAction label={t('admin.edit', { title: article.title })} actions={actions} />
              <DeleteAction label={t('admin.delete', { title: article.title })} actions={actions} />
            </td>
          </>
        )}
      </EditableList>
      {news.data && (
        <Pagination
          page={news.data.page}
          totalPages={news.data.totalPages}
          onPageChange={setPage}
        />
      )}
      {viewing && (
        <LoadedArticle id={viewing}>
          {(whole) => <ArticleView article={whole} onClose={() => setViewing(undefined)} />}
        </LoadedArticle>
      )}
    </>
  );
}
