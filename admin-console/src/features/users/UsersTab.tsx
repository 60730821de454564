import { oidcApi } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useQuery } from '@tanstack/react-query';
import { Alert, apiErrorText, Badge, countryText, useDebounced } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { PagedList } from '../../shared/PagedList';
import './users-admin.css';
import { useClampedPage } from '../../shared/useClampedPage';
import { UserActions } from './UserActions';
import { useUserAction, useUsersPage, type AdminUser, type UserAction } from './useUsers';

const STATUS_TONE = { pending: 'neutral', approved: 'primary', blocked: 'danger' } as const;

/** Members, searched and paged on the server, with approve, block and role changes (audited). */
export function UsersTab() {
  const { t } = useTranslation(['adminUsers', 'admin']);
  const { user: me } = useSession();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const users = useUsersPage(page, query);
  // Provider names for the "signs in with" column (an unconfigured one shows its id).
  const providers = useQuery({ queryKey: ['oidc', 'providers'], queryFn: oidcApi.providers });
  const methodName = (method: string) =>
    method === 'password'
      ? t('signInPassword')
      : (providers.data?.find((one) => one.id === method)?.name ?? method);
  useClampedPage(page, users.data?.totalPages, setPage);
  const action = useUserAction();

  const act = (next: UserAction, target: AdminUser) => {
    const confirmText =
      next.kind === 'block'
        ? t('confirmBlock', { name: target.name })
        : next.kind === 'role'
          ? t('confirmRole', { name: target.name, role: t(`roles.${next.role}`) })
          : next.kind === 'confirmEmail'
            ? t('confirmEmailAsk', { name: target.name, email: target.email })
            : undefined;
    if (confirmText && !window.confirm(confirmText)) return;
    action.mutate(next);
  };
  const failure = action.isError && apiErrorText(action.error, t, t('actionFailed'));

  return (
    <>
      <div className="tab-heading">
        <h2>{t('admin:users.title')}</h2>
      </div>
      <div className="users-search">
        <label htmlFor="users-search" className="field__label">
          {t('search')}
        </label>
        <input
          id="users-search"
          type="search"
          className="input"
          value={search}
          placeholder={t('searchPlaceholder')}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {failure && (
        <Alert tone="error" onDismiss={() => action.reset()}>
          {failure}
        </Alert>
      )}
      <PagedList
        query={users}
        loadFailed={t('admin:users.loadFailed')}
        isEmpty={(data) => data.users.length === 0}
        empty={{ title: t('admin:users.empty') }}
        onPageChange={setPage}
      >
        {(data) => (
          <>
            <p className="users-count" aria-live="polite">
              {t('count', { count: data.total })}
            </p>
            <AdminTable
              columns={[
                t('admin:users.name'),
                t('admin:users.email'),
                t('admin:users.country'),
                t('admin:users.profession'),
                t('admin:users.role'),
                t('signIn'),
                t('status'),
                t('admin:users.actions'),
              ]}
              rows={data.users}
              rowKey={(user) => user._id}
            >
              {(user) => (
                <>
                  <td>{user.name}</td>
                  <td>
                    {user.email}
                    {!user.emailVerified && (
                      <>
                        {' '}
                        <Badge tone="accent">{t('emailUnconfirmed')}</Badge>
                      </>
                    )}
                  </td>
                  <td>{user.country ? countryText(user.country, t) : ''}</td>
                  <td>{user.profession}</td>
                  <td>
                    <Badge tone={user.role === 'admin' ? 'accent' : 'primary'}>
                      {user.role === 'admin'
                        ? t('admin:users.roleAdmin')
                        : t('admin:users.roleMember')}
                    </Badge>
                  </td>
                  <td>{user.signInMethods.map(methodName).join(', ')}</td>
                  <td>
                    <Badge tone={STATUS_TONE[user.status]}>{t(`statuses.${user.status}`)}</Badge>
                  </td>
                  <td className="table__actions">
                    <UserActions
                      user={user}
                      isSelf={user._id === me?._id}
                      busy={action.isPending}
                      onAction={(next) => act(next, user)}
                    />
                  </td>
                </>
              )}
            </AdminTable>
          </>
        )}
      </PagedList>
    </>
  );
}
