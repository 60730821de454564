import { toCountry, usersApi } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import {
  Alert,
  apiErrorText,
  BusyButton,
  countryText,
  FormField,
  Spinner,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { COUNTRIES } from './registration';

/**
 * /complete-profile: what the spec requires of a member and a provider did not give (country and
 * profession), asked once after a first sign-in with the provider.
 */
export function CompleteProfilePage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { user, loading, replaceUser } = useSession();
  const navigate = useNavigate();
  const [country, setCountry] = useState('');
  const [profession, setProfession] = useState('');
  const [errors, setErrors] = useState<{ country?: string; profession?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { form, focusFirstInvalid } = useFirstInvalidFocus();

  // A full page load (the api client's PROFILE_INCOMPLETE redirect) starts before the user is known.
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = toCountry(country);
    const problems = {
      country: chosen ? undefined : t('auth:validation.countryRequired'),
      profession: profession.trim() ? undefined : t('auth:validation.professionRequired'),
    };
    setErrors(problems);
    if (!chosen || problems.profession) return focusFirstInvalid();
    setSubmitting(true);
    setMessage(null);
    try {
      replaceUser(
        await usersApi.updateProfile({
          name: user.name,
          country: chosen,
          profession: profession.trim(),
        }),
      );
      navigate('/', { replace: true });
    } catch (cause) {
      setSubmitting(false);
      setMessage(apiErrorText(cause, t, t('auth:errors.unexpected')));
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-card__title">{t('auth:oidc.complete.title')}</h1>
        <p>{t('auth:oidc.complete.intro', { name: user.name })}</p>
        {message && <Alert tone="error">{message}</Alert>}
        <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
          <FormField label={t('auth:register.country')} error={errors.country} required>
            {(control) => (
              <select
                {...control}
                className="input"
                name="country"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
              >
                <option value="">{t('auth:register.chooseCountry')}</option>
                {COUNTRIES.map((one) => (
                  <option key={one} value={one}>
                    {countryText(one, t)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('auth:register.profession')} error={errors.profession} required>
            {(control) => (
              <input
                {...control}
                className="input"
                name="profession"
                autoComplete="organization-title"
                value={profession}
                onChange={(event) => setProfession(event.target.value)}
              />
            )}
          </FormField>
          <BusyButton type="submit" className="btn auth-card__submit" busy={submitting}>
            {submitting ? t('auth:oidc.complete.submitting') : t('auth:oidc.complete.submit')}
          </BusyButton>
        </form>
      </div>
    </div>
  );
}
