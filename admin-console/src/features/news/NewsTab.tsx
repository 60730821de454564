import {
  Alert,
  Badge,
  DeleteIcon,
  EditIcon,
  EmptyState,
  EyeIcon,
  Pagination,
  Spinner,
} from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { useClampedPage } from '../../shared/useClampedPage';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useEditorPanel } from '../../shared/useEditorPanel';
import './news-admin.css';
import { ArticleEditor } from './ArticleEditor';
import { ArticleView } from './ArticleView';
import { useAdminNews, useDeleteArticle, type NewsArticle } from './useAdminNews';

// Table action icons are a little larger than the portal's inline ones.
const ADMIN_ICON_SIZE = 18;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The News tab: the article list with view, edit and delete, and the create-article form. */
export function NewsTab() {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const news = useAdminNews(page);
  useClampedPage(page, news.data?.totalPages, setPage);
  const remove = useConfirmedDelete(useDeleteArticle(), t('admin.confirmDelete'));
  // The editor opens above the list: Create and Edit bring it into view and focus its title.
  const { editing, reveal, create, edit, close } = useEditorPanel<NewsArticle>();
  const [viewing, setViewing] = useState<NewsArticle>();

  return (
    <>
      <div className="news-admin__heading tab-heading">
        <h2>{t('admin.title')}</h2>
        {editing.mode === 'closed' && (
          <button type="button" className="btn" onClick={() => create()}>
            {t('admin.create')}
          </button>
        )}
      </div>
      <div ref={reveal.container}>
        {editing.mode !== 'closed' && (
          <ArticleEditor
            key={editing.mode === 'edit' ? editing.item._id : 'new'}
            article={editing.mode === 'edit' ? editing.item : undefined}
            onDone={close}
          />
        )}
      </div>
      {remove.failed && (
        <Alert tone="error" onDismiss={remove.clearFailure}>
          {t('admin.deleteFailed')}
        </Alert>
      )}
      {news.isPending ? (
        <Spinner />
      ) : news.isError ? (
        <Alert tone="error">{t('admin.loadFailed')}</Alert>
      ) : news.data.news.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <AdminTable
          columns={[
            t('admin.columns.title'),
            t('admin.columns.category'),
            t('admin.columns.status'),
            t('admin.columns.date'),
            t('admin.columns.actions'),
          ]}
          rows={news.data.news}
          rowKey={(article) => article._id}
        >
          {(article) => (
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
              <td>{formatDate(article.publishedAt ?? article.createdAt)}</td>
              <td className="table__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.view', { title: article.title })}
                  onClick={() => setViewing(article)}
                >
                  <EyeIcon size={ADMIN_ICON_SIZE} />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.edit', { title: article.title })}
                  onClick={() => edit(article)}
                >
                  <EditIcon size={ADMIN_ICON_SIZE} />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.delete', { title: article.title })}
                  disabled={remove.pending}
                  onClick={() => remove.confirmDelete(article._id)}
                >
                  <DeleteIcon size={ADMIN_ICON_SIZE} />
                </button>
              </td>
            </>
          )}
        </AdminTable>
      )}
      {news.data && (
        <Pagination
          page={news.data.page}
          totalPages={news.data.totalPages}
          onPageChange={setPage}
        />
      )}
      <ArticleView article={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
