import { CourseHighlights } from './CourseHighlights';
import { FeatureCards } from './FeatureCards';
import { HomeHero } from './HomeHero';
import { JoinCallToAction } from './JoinCallToAction';
import { LatestNewsSection } from './LatestNewsSection';
import { QuoteCarousel } from './QuoteCarousel';
import { StatsBand } from './StatsBand';
import { UpcomingEventsSection } from './UpcomingEventsSection';
import { FoundersSection } from '../team';

/** Home (spec section 2): one component per section. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <StatsBand />
      <FeatureCards />
      <UpcomingEventsSection />
      <LatestNewsSection />
      <CourseHighlights />
      <FoundersSection />
      <QuoteCarousel />
      <JoinCallToAction />
    </>
  );
}
