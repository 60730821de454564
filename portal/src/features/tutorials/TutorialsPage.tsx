import { PageFrame } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';

/** Tutorials frame; the tutorials feature fills in instructors, courses and enrollment. */
export function TutorialsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('nav.tutorials')} subtitle={t('pages.tutorials.subtitle')} />;
}
