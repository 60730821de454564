import type { User } from '@diaspora/api-client';
import { countryText, listText } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS } from './profileForm';

function Detail({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd className={value ? undefined : 'detail__empty'}>{value || t('notProvided')}</dd>
    </div>
  );
}

/** The read-only view of a profile, by section. */
export function ProfileDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const country = user.country ? countryText(user.country, t) : '';
  return (
    <>
      <section className="card profile-section">
        <h2>{t('sections.personal')}</h2>
        <dl className="details">
          <Detail label={t('fields.name')} value={user.name} />
          <Detail label={t('fields.email')} value={user.email} />
          <Detail label={t('fields.phone')} value={user.phone ?? ''} />
          <Detail label={t('fields.country')} value={country} />
          <Detail label={t('fields.profession')} value={user.profession ?? ''} />
          <Detail label={t('fields.timeZone')} value={user.timeZone?.replace(/_/g, ' ') ?? ''} />
        </dl>
        <h3 className="profile-section__subheading">{t('fields.bio')}</h3>
        <p className={user.bio ? undefined : 'detail__empty'}>{user.bio || t('noBio')}</p>
      </section>
      <section className="card profile-section">
        <h2>{t('sections.professional')}</h2>
        <dl className="details">
          <Detail label={t('fields.company')} value={user.company ?? ''} />
          <Detail label={t('fields.jobTitle')} value={user.jobTitle ?? ''} />
          <Detail label={t('fields.experience')} value={user.experience ?? ''} />
          <Detail label={t('fields.education')} value={user.education ?? ''} />
          <Detail label={t('fields.languages')} value={listText(user.languages, t)} />
          <Detail label={t('fields.skills')} value={listText(user.skills, t)} />
        </dl>
      </section>
      <section className="card profile-section">
        <h2>{t('sections.social')}</h2>
        <dl className="details">
          {SOCIAL_NETWORKS.map((network) => {
            const url = user.socialLinks?.[network];
            return (
              <div className="detail" key={network}>
                <dt>{t(`fields.${network}`)}</dt>
                <dd className={url ? undefined : 'detail__empty'}>
                  {url ? (
                    <a href={url} target="_blank" rel="noreferrer">
                      {url}
                    </a>
                  ) : (
                    t('notProvided')
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
    </>
  );
}
