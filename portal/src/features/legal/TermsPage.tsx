import { LegalPage } from './LegalPage';

const SECTIONS = ['accounts', 'conduct', 'listings', 'payments', 'liability', 'changes'] as const;

export function TermsPage() {
  return <LegalPage document="terms" sections={SECTIONS} />;
}
