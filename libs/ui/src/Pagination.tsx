import { useTranslation } from 'react-i18next';
import { pageNumbers } from './pageNumbers';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** Previous, numbered pages and Next; hidden when there is only one page. */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation('ui');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination')}>
      <ul className="pagination">
        <li>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {t('previous')}
          </button>
        </li>
        {pageNumbers(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="btn btn--secondary"
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('page', { number: n })}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            {t('next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
