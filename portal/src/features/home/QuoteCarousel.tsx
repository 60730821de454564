import { useTranslation } from 'react-i18next';
import { useCarousel } from './useCarousel';

const QUOTES = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] as const;

export function QuoteCarousel() {
  const { t } = useTranslation('home');
  const { index, goTo, next, previous } = useCarousel(QUOTES.length);
  const quote = QUOTES[index];
  return (
    <section
      className="home-section quote-carousel"
      aria-roledescription="carousel"
      aria-label={t('quotes.title')}
    >
      <div className="container">
        <h2 className="section-title">{t('quotes.title')}</h2>
        <figure className="quote-carousel__quote" aria-live="polite">
          <blockquote>“{t(`quotes.items.${quote}.text`)}”</blockquote>
          <figcaption>— {t(`quotes.items.${quote}.author`)}</figcaption>
        </figure>
        <div className="quote-carousel__controls">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={previous}
            aria-label={t('quotes.previous')}
          >
            ‹
          </button>
          {QUOTES.map((id, i) => (
            <button
              key={id}
              type="button"
              className={`quote-carousel__dot ${i === index ? 'quote-carousel__dot--active' : ''}`}
              aria-label={t('quotes.goTo', { number: i + 1 })}
              aria-current={i === index}
              onClick={() => goTo(i)}
            />
          ))}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={next}
            aria-label={t('quotes.next')}
          >
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
