import type { Interest } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import {
  Alert,
  BusyButton,
  countryText,
  describeAuthFailure,
  FormField,
  registrationMessage,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProviderButtons } from './ProviderButtons';
import {
  COUNTRIES,
  emptyRegistration,
  INTERESTS,
  toRegisterRequest,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationForm,
} from './registration';

type TextField = Exclude<keyof RegistrationForm, 'interests'>;

export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const { register } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(emptyRegistration);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { form: formRef, focusFirstInvalid } = useFirstInvalidFocus();

  const set = (field: TextField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const toggleInterest = (interest: Interest) =>
    setForm((f) => ({
      ...f,
      interests: f.interests.includes(interest)
        ? f.interests.filter((i) => i !== interest)
        : [...f.interests, interest],
    }));
  const errorOf = (field: keyof RegistrationForm) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateRegistration(form);
    const request = toRegisterRequest(form, i18n.language);
    setErrors(problems);
    // The submit button is at the bottom: take the user to the first field to fix.
    if (Object.keys(problems).length > 0 || !request) return focusFirstInvalid();
    setSubmitting(true);
    setMessage(null);
    const outcome = await register(request);
    setSubmitting(false);
    if (outcome.ok) {
      navigate('/');
      return;
    }
    setMessage(
      registrationMessage(describeAuthFailure(outcome.error), t) || t('errors.unexpected'),
    );
  };

  const textInput = (field: TextField, type: string, autoComplete: string) => (
    <FormField label={t(`register.${field}`)} error={errorOf(field)} required>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          name={field}
          autoComplete={autoComplete}
          value={form[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <div className="auth-page">
      <div className="auth-card auth-card--wide card">
        <h1 className="auth-card__title">{t('register.title')}</h1>
        <p className="auth-card__switch">
          {t('register.or')} <Link to="/login">{t('register.loginLink')}</Link>
        </p>
        {message && <Alert tone="error">{message}</Alert>}
        <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
          {textInput('name', 'text', 'name')}
          {textInput('email', 'email', 'email')}
          <div className="form-row">
            {textInput('password', 'password', 'new-password')}
            {textInput('confirmPassword', 'password', 'new-password')}
          </div>
          <div className="form-row">
            <FormField label={t('register.country')} error={errorOf('country')} required>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  name="country"
                  value={form.country}
                  onChange={(event) => set('country')(event.target.value)}
                >
                  <option value="">{t('register.chooseCountry')}</option>
                  {COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {countryText(country, t)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {textInput('profession', 'text', 'organization-title')}
          </div>
          <FormField label={t('register.bio')} hint={t('register.bioHint')}>
            {(control) => (
              <textarea
                {...control}
                className="input"
                name="bio"
                rows={3}
                value={form.bio}
                onChange={(event) => set('bio')(event.target.value)}
              />
            )}
          </FormField>
          <fieldset className="checkbox-group">
            <legend className="field__label">{t('register.interests')}</legend>
            {INTERESTS.map((interest) => (
              <label key={interest} className="checkbox">
                <input
                  type="checkbox"
                  name="interests"
                  value={interest}
                  checked={form.interests.includes(interest)}
                  onChange={() => toggleInterest(interest)}
                />
                {t(`interests.${interest}`)}
              </label>
            ))}
          </fieldset>
          <BusyButton type="submit" className="btn auth-card__submit" busy={submitting}>
            {submitting ? t('register.submitting') : t('register.submit')}
          </BusyButton>
        </form>
        <ProviderButtons />
      </div>
    </div>
  );
}
