import { LegalPage } from './LegalPage';

const SECTIONS = ['collect', 'use', 'sharing', 'storage', 'rights'] as const;

export function PrivacyPage() {
  return <LegalPage document="privacy" sections={SECTIONS} />;
}
