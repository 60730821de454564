import type { TeamMember } from '@diaspora/api-client';
import { Alert, Badge, DeleteIcon, EditIcon, EmptyState, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useEditorPanel } from '../../shared/useEditorPanel';
import { TeamMemberEditor } from './TeamMemberEditor';
import { useAdminTeam, useDeleteTeamMember } from './useAdminTeam';

/** Team management: founders and instructors, shown on Home, About and Tutorials. */
export function TeamPanel() {
  const { t } = useTranslation('team');
  const team = useAdminTeam();
  const remove = useConfirmedDelete(useDeleteTeamMember(), t('admin.confirmDelete'));
  const { editing, reveal, create, edit, close } = useEditorPanel<TeamMember>();

  return (
    <>
      <div className="tab-heading">
        <h2>{t('admin.title')}</h2>
        {editing.mode === 'closed' && (
          <button type="button" className="btn" onClick={() => create()}>
            {t('admin.create')}
          </button>
        )}
      </div>
      <div ref={reveal.container}>
        {editing.mode !== 'closed' && (
          <TeamMemberEditor
            key={editing.mode === 'edit' ? editing.item._id : 'new'}
            member={editing.mode === 'edit' ? editing.item : undefined}
            onDone={close}
          />
        )}
      </div>
      {remove.failed && (
        <Alert tone="error" onDismiss={remove.clearFailure}>
          {t('admin.deleteFailed')}
        </Alert>
      )}
      {team.isPending ? (
        <Spinner />
      ) : team.isError ? (
        <Alert tone="error">{t('admin.loadFailed')}</Alert>
      ) : team.data.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <AdminTable
          label={t('admin.title')}
          columns={[
            t('admin.columns.name'),
            t('admin.columns.position'),
            t('admin.columns.roles'),
            t('admin.columns.actions'),
          ]}
          rows={team.data}
          rowKey={(member) => member._id}
        >
          {(member) => (
            <>
              <td>
                <strong>{member.name}</strong>
              </td>
              <td>{member.position}</td>
              <td>
                {member.isFounder && <Badge tone="accent">{t('admin.founder')}</Badge>}{' '}
                {member.isInstructor && <Badge tone="primary">{t('admin.instructor')}</Badge>}
              </td>
              <td className="table__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.edit', { name: member.name })}
                  onClick={() => edit(member)}
                >
                  <EditIcon size={18} />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('admin.delete', { name: member.name })}
                  disabled={remove.pending}
                  onClick={() => remove.confirmDelete(member._id)}
                >
                  <DeleteIcon size={18} />
                </button>
              </td>
            </>
          )}
        </AdminTable>
      )}
    </>
  );
}
