import { Alert, BusyButton } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { useExportData } from './useAccountData';

/** The profile's "Your data" section: export everything, or delete the account. */
export function AccountDataPanel() {
  const { t } = useTranslation('account');
  const exportData = useExportData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className="card account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      {exportData.isSuccess && <Alert tone="success">{t('export.done')}</Alert>}
      {exportData.isError && <Alert tone="error">{t('export.failed')}</Alert>}
      <div className="profile-actions">
        <BusyButton
          type="button"
          className="btn btn--secondary"
          busy={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          {exportData.isPending ? t('export.busy') : t('export.button')}
        </BusyButton>
        <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)}>
          {t('delete.button')}
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
