import { accountApi, toLanguage } from '@diaspora/api-client';
import { LANGUAGES, setLanguage, type Language } from '@diaspora/i18n';
import { useSession } from '@diaspora/session';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The language select of the top bar (and of the standalone console's header). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { user, replaceUser } = useSession();
  const id = useId();

  const choose = async (language: Language) => {
    await setLanguage(language);
    // Signed in: the profile keeps the choice, so emails come in it too.
    const profileLanguage = toLanguage(language);
    if (user && profileLanguage && user.language !== profileLanguage) {
      accountApi
        .setLanguage(profileLanguage)
        .then(replaceUser)
        .catch((error: unknown) => console.warn('could not save the language', error));
    }
  };

  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="input language-picker__select"
        value={i18n.language}
        onChange={(event) => void choose(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
