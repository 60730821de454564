import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** A legal document: title, intro and titled sections from the legal namespace. */
export function LegalPage({
  document,
  sections,
}: {
  document: 'privacy' | 'terms';
  sections: readonly string[];
}) {
  const { t } = useTranslation('legal');
  return (
    <PageFrame title={t(`${document}.title`)} subtitle={t('updated')}>
      <article className="card legal">
        <p>{t(`${document}.intro`)}</p>
        {sections.map((section) => (
          <section key={section}>
            <h2>{t(`${document}.sections.${section}.title`)}</h2>
            <p>{t(`${document}.sections.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </PageFrame>
  );
}
