import { useTranslation } from 'react-i18next';
import { useCarousel } from './useCarousel';

const QUOTES = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] as const;

/**
 * Eight quotes, one every 5 seconds (spec section 9), following the WAI carousel pattern: a
 * pause button first, rotation held on hover and focus, none for readers who prefer reduced
 * motion, and the quote announced only when the reader moves it.
 */
export function QuoteCarousel() {
  const { t } = useTranslation('home');
  const carousel = useCarousel(QUOTES.length);
  const { index } = carousel;
  const quote = QUOTES[index];
  return (
    <section
      className="home-section quote-carousel"
      aria-roledescription={t('quotes.carousel')}
      aria-label={t('quotes.title')}
      onMouseEnter={() => carousel.hold(true)}
      onMouseLeave={() => carousel.hold(false)}
      onFocus={() => carousel.hold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) carousel.hold(false);
      }}
    >
      <div className="container">
        <h2 className="section-title">{t('quotes.title')}</h2>
        <figure
          className="quote-carousel__quote"
          aria-live={carousel.rotating ? 'off' : 'polite'}
          aria-roledescription={t('quotes.slide')}
          aria-label={t('quotes.position', { number: index + 1, total: QUOTES.length })}
        >
          <blockquote>“{t(`quotes.items.${quote}.text`)}”</blockquote>
          <figcaption>— {t(`quotes.items.${quote}.author`)}</figcaption>
        </figure>
        <div className="quote-carousel__controls">
          {!carousel.reducedMotion && (
            <button
              type="button"
              className="btn btn--ghost quote-carousel__pause"
              onClick={carousel.togglePaused}
            >
              {carousel.paused ? t('quotes.play') : t('quotes.pause')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={carousel.previous}
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
              onClick={() => carousel.goTo(i)}
            />
          ))}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={carousel.next}
            aria-label={t('quotes.next')}
          >
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
