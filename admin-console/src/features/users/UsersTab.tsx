import { Alert, Badge, EmptyState, Pagination, Spinner } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { useUsersPage } from './useUsers';

/** Members with a role badge; approve and block have no action yet (spec section 2). */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useUsersPage(page);
  if (isPending) return <Spinner />;
  if (isError) return <Alert tone="error">{t('users.loadFailed')}</Alert>;
  if (data.users.length === 0) return <EmptyState title={t('users.empty')} />;
  return (
    <>
      <h2>{t('users.title')}</h2>
      <AdminTable
        columns={[
          t('users.name'),
          t('users.email'),
          t('users.country'),
          t('users.profession'),
          t('users.role'),
          t('users.actions'),
        ]}
        rows={data.users}
        rowKey={(user) => user._id}
      >
        {(user) => {
          const admin = user.role === 'admin';
          return (
            <>
              <td>{user.name}</td>
              <td>{user.email}</td>
              <td>{user.country ? t(`auth:countries.${user.country}`) : ''}</td>
              <td>{user.profession}</td>
              <td>
                <Badge tone={admin ? 'accent' : 'primary'}>
                  {admin ? t('users.roleAdmin') : t('users.roleMember')}
                </Badge>
              </td>
              <td className="table__actions">
                {!admin && (
                  <button
                    type="button"
                    className="btn btn--ghost btn--icon"
                    aria-label={t('users.approve', { name: user.name })}
                  >
                    ✓
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('users.block', { name: user.name })}
                >
                  ⊘
                </button>
              </td>
            </>
          );
        }}
      </AdminTable>
      <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} />
    </>
  );
}
