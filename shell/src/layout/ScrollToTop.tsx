import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_THRESHOLD, scrollProgress } from './scrollProgress';

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Appears after 300 px; its ring shows how far down the page the reader is. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [position, setPosition] = useState({ visible: false, progress: 0 });

  useEffect(() => {
    const update = () => {
      const { scrollY, innerHeight } = window;
      setPosition({
        visible: scrollY > SCROLL_THRESHOLD,
        progress: scrollProgress(scrollY, document.documentElement.scrollHeight, innerHeight),
      });
    };
    // Not measured on mounting: reading the page's height there forced a layout of the whole
    // page inside the first render's commit (12 ms on a desktop CPU). A page opened scrolled
    // down gets a scroll event when the browser restores the position.
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!position.visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle className="scroll-top__track" cx="24" cy="24" r={RADIUS} />
        <circle
          className="scroll-top__ring"
          cx="24"
          cy="24"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - position.progress)}
        />
        <path d="M24 16l-7 8h5v8h4v-8h5z" className="scroll-top__arrow" />
      </svg>
    </button>
  );
}
