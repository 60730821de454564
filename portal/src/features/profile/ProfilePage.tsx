import { useSession } from '@diaspora/session';
import { Alert, BusyButton, Spinner, useFirstInvalidFocus } from '@diaspora/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountDataPanel, AccountSecurity } from '../account/lazyPages';
import { VerifyEmailBanner } from '../account/VerifyEmailBanner';
import { ProfileDetails } from './ProfileDetails';
import { ProfileEditor } from './ProfileEditor';
import { ProfileHeader } from './ProfileHeader';
import { DoorStaffLink } from './DoorStaffLink';
import { EntryTickets } from './EntryTickets';
import { MyTickets } from './MyTickets';
import { SignInMethods } from './SignInMethods';
import {
  toProfileForm,
  toUpdateProfileRequest,
  validateProfile,
  type ProfileErrors,
  type ProfileForm,
} from './profileForm';
import { useUpdateProfile } from './useUpdateProfile';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user, loading } = useSession();
  const update = useUpdateProfile();
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState(false);
  const editing = form !== null;
  const { form: formRef, focusFirstInvalid } = useFirstInvalidFocus();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Focus follows the mode: into the form's first field on Edit, back to Edit on Save or Cancel.
  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, formRef]);

  if (loading) return <Spinner />;
  if (!user) {
    return (
      <div className="container page-body">
        <Alert tone="info">{t('loginRequired')}</Alert>
      </div>
    );
  }

  // Cancel resets the form to the saved values.
  const cancel = () => {
    setForm(null);
    setErrors({});
    setFailed(false);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const problems = validateProfile(form);
    const request = toUpdateProfileRequest(form, user.interests);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !request) return focusFirstInvalid();
    setFailed(false);
    update.mutate(request, {
      onSuccess: () => {
        setForm(null);
        setSaved(true);
      },
      onError: () => setFailed(true),
    });
  };

  return (
    <>
      <ProfileHeader user={user} />
      <div className="container page-body">
        <VerifyEmailBanner user={user} />
        {failed && (
          <Alert tone="error" onDismiss={() => setFailed(false)}>
            {t('saveFailed')}
          </Alert>
        )}
        {saved && !editing && (
          <Alert tone="success" onDismiss={() => setSaved(false)}>
            {t('saved')}
          </Alert>
        )}
        {editing ? (
          <form ref={formRef} onSubmit={save} noValidate className="profile-form">
            <ProfileEditor form={form} errors={errors} onChange={setForm} />
            <div className="profile-actions">
              <BusyButton type="submit" className="btn" busy={update.isPending}>
                {update.isPending ? t('saving') : t('save')}
              </BusyButton>
              <button type="button" className="btn btn--secondary" onClick={cancel}>
                {t('cancel')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <div className="profile-actions">
              <button
                ref={editButton}
                type="button"
                className="btn"
                onClick={() => {
                  setSaved(false);
                  setForm(toProfileForm(user));
                }}
              >
                {t('edit')}
              </button>
              <Link to="/notifications/preferences" className="btn btn--secondary">
                {t('common:notifications.settings')}
              </Link>
            </div>
            <ProfileDetails user={user} />
            <AccountSecurity />
            <SignInMethods />
            <AccountDataPanel />
          </>
        )}
        <EntryTickets />
        <DoorStaffLink />
        <MyTickets />
      </div>
    </>
  );
}
