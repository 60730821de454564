import { countryText } from '@diaspora/ui';
import { mediaCrossOrigin, mediaUrl, type User } from '@diaspora/api-client';
import { useTranslation } from 'react-i18next';

export function ProfileHeader({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const avatar = mediaUrl(user.profileImage);
  return (
    <section className="profile-header">
      <div className="container profile-header__inner">
        {avatar ? (
          <img
            className="profile-header__avatar"
            src={avatar}
            crossOrigin={mediaCrossOrigin(avatar)}
            alt={t('avatarAlt', { name: user.name })}
          />
        ) : (
          <span
            className="profile-header__avatar profile-header__avatar--placeholder"
            aria-hidden="true"
          >
            {user.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="profile-header__name">{user.name}</h1>
          <p className="profile-header__meta">
            {[user.profession, user.country ? countryText(user.country, t) : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    </section>
  );
}
