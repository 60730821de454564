import { useTranslation } from 'react-i18next';

const FOUNDERS = ['founder1', 'founder2'] as const;

export function TeamSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <h2 className="section-title">{t('team.title')}</h2>
      <div className="grid">
        {FOUNDERS.map((founder) => {
          const name = t(`team.${founder}.name`);
          return (
            <article key={founder} className="card team-card">
              <span className="team-card__avatar" aria-hidden="true">
                {name.charAt(0)}
              </span>
              <h3>{name}</h3>
              <p className="team-card__role">{t(`team.${founder}.role`)}</p>
              <p>{t(`team.${founder}.bio`)}</p>
            </article>
          );
        })}
      </div>
    </section>
  );
}
