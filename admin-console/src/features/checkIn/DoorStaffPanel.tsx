import { checkInApi } from './checkInApi';
import { apiErrorText, BusyButton, TextField } from '@diaspora/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Admins name the members who may check in at this event, and only this one (audited). */
export function DoorStaffPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation('checkIn');
  const queryClient = useQueryClient();
  const key = ['door', eventId, 'staff'];
  const staff = useQuery({ queryKey: key, queryFn: () => checkInApi.doorStaff(eventId) });
  const [email, setEmail] = useState('');
  const add = useMutation({
    mutationFn: () => checkInApi.addDoorStaff(eventId, email),
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      setEmail('');
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => checkInApi.removeDoorStaff(eventId, userId),
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  return (
    <details className="door-panel">
      <summary>{t('staff.title')}</summary>
      <p>{t('staff.hint')}</p>
      <form
        className="door-staff__form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <TextField
          label={t('staff.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          onValueChange={setEmail}
          error={add.isError ? apiErrorText(add.error, t, t('staff.failed')) : undefined}
        />
        <BusyButton type="submit" className="btn" busy={add.isPending}>
          {t('staff.add')}
        </BusyButton>
      </form>
      <ul className="door-staff__list">
        {(staff.data ?? []).map((member) => (
          <li key={member.userId}>
            {member.name} ({member.email}){' '}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => remove.mutate(member.userId)}
            >
              {t('staff.remove', { name: member.name })}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
