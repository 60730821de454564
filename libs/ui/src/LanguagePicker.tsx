import { LANGUAGES, setLanguage, type Language } from '@diaspora/i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The language select of the top bar (and of the standalone console's header). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="input language-picker__select"
        value={i18n.language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
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
