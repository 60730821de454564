import { CourseHighlights } from './CourseHighlights';
import { FeatureCards } from './FeatureCards';
import { HomeHero } from './HomeHero';
import { JoinCallToAction } from './JoinCallToAction';
import { LatestNewsSection } from './LatestNewsSection';
import { QuoteCarousel } from './QuoteCarousel';
import { StatsBand } from './StatsBand';
import { TeamSection } from './TeamSection';
import { UpcomingEventsSection } from './UpcomingEventsSection';

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
      <TeamSection />
      <QuoteCarousel />
      <JoinCallToAction />
    </>
  );
}
