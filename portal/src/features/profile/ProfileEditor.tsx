import { type ControlProps, countryText, FormField } from '@diaspora/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../auth/registration';
import {
  SOCIAL_NETWORKS,
  type ProfileErrors,
  type ProfileForm,
  type SocialNetwork,
  timeZoneChoices,
} from './profileForm';

type TextKey = Exclude<keyof ProfileForm, 'socialLinks'>;

interface ProfileEditorProps {
  form: ProfileForm;
  errors: ProfileErrors;
  onChange: (form: ProfileForm) => void;
}

/** The edit mode's fields, by section. */
export function ProfileEditor({ form, errors, onChange }: ProfileEditorProps) {
  const { t } = useTranslation('profile');
  const errorOf = (field: keyof ProfileErrors) => (errors[field] ? t(errors[field]) : undefined);
  const setText = (field: TextKey, value: string) => onChange({ ...form, [field]: value });
  const setLink = (network: SocialNetwork, value: string) =>
    onChange({ ...form, socialLinks: { ...form.socialLinks, [network]: value } });

  const field = (
    name: TextKey,
    render: (control: ControlProps) => ReactNode,
    options: { required?: boolean; hint?: string } = {},
  ) => (
    <FormField
      label={t(`fields.${name}`)}
      error={errorOf(name as keyof ProfileErrors)}
      required={options.required}
      hint={options.hint}
    >
      {render}
    </FormField>
  );
  const text = (name: TextKey, type = 'text', required = false, hint?: string) =>
    field(
      name,
      (control) => (
        <input
          {...control}
          className="input"
          name={name}
          type={type}
          value={form[name]}
          onChange={(event) => setText(name, event.target.value)}
        />
      ),
      { required, hint },
    );

  return (
    <>
      <section className="card profile-section">
        <h2>{t('sections.personal')}</h2>
        <div className="form-row">
          {text('name', 'text', true)}
          {field('email', (control) => (
            <input
              {...control}
              className="input"
              name="email"
              type="email"
              value={form.email}
              readOnly
            />
          ))}
        </div>
        <div className="form-row">
          {text('phone', 'tel')}
          {field(
            'country',
            (control) => (
              <select
                {...control}
                className="input"
                name="country"
                value={form.country}
                onChange={(event) => setText('country', event.target.value)}
              >
                <option value="">{t('auth:register.chooseCountry')}</option>
                {COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {countryText(country, t)}
                  </option>
                ))}
              </select>
            ),
            { required: true },
          )}
        </div>
        <div className="form-row">
          {text('profession', 'text', true)}
          {field(
            'timeZone',
            (control) => (
              <select
                {...control}
                className="input"
                name="timeZone"
                value={form.timeZone}
                onChange={(event) => setText('timeZone', event.target.value)}
              >
                <option value="">{t('timeZoneNone')}</option>
                {timeZoneChoices(form.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            ),
            { hint: t('timeZoneHint') },
          )}
        </div>
        {field('bio', (control) => (
          <textarea
            {...control}
            className="input"
            name="bio"
            rows={4}
            value={form.bio}
            onChange={(event) => setText('bio', event.target.value)}
          />
        ))}
      </section>
      <section className="card profile-section">
        <h2>{t('sections.professional')}</h2>
        <div className="form-row">
          {text('company')}
          {text('jobTitle')}
        </div>
        <div className="form-row">
          {text('experience')}
          {text('education')}
        </div>
        <div className="form-row">
          {text('languages', 'text', false, t('commaHint'))}
          {text('skills', 'text', false, t('commaHint'))}
        </div>
      </section>
      <section className="card profile-section">
        <h2>{t('sections.social')}</h2>
        <div className="form-row form-row--wrap">
          {SOCIAL_NETWORKS.map((network) => (
            <FormField key={network} label={t(`fields.${network}`)} error={errorOf(network)}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  name={network}
                  type="url"
                  placeholder="https://"
                  value={form.socialLinks[network]}
                  onChange={(event) => setLink(network, event.target.value)}
                />
              )}
            </FormField>
          ))}
        </div>
      </section>
    </>
  );
}
