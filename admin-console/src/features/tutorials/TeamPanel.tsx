import type { TeamMember } from '@diaspora/api-client';
import { Badge } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditableList, EditAction, listTexts } from '../../shared/EditableList';
import { TeamMemberEditor } from './TeamMemberEditor';
import { useAdminTeam, useDeleteTeamMember } from './useAdminTeam';

/** Team management: founders and instructors, shown on Home, About and Tutorials. */
export function TeamPanel() {
  const { t } = useTranslation('team');
  const removeMember = useDeleteTeamMember();
  const team = useAdminTeam();

  return (
    <EditableList
      texts={listTexts(t, 'admin')}
      status={team}
      rows={team.data}
      rowKey={(member) => member._id}
      remove={removeMember}
      editor={(member, close) => <TeamMemberEditor member={member} close={close} />}
      label={t('admin.title')}
      columns={[
        t('admin.columns.name'),
        t('admin.columns.position'),
        t('admin.columns.roles'),
        t('admin.columns.actions'),
      ]}
    >
      {(member: TeamMember, actions) => (
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
            <EditAction label={t('admin.edit', { name: member.name })} actions={actions} />
            <DeleteAction label={t('admin.delete', { name: member.name })} actions={actions} />
          </td>
        </>
      )}
    </EditableList>
  );
}
