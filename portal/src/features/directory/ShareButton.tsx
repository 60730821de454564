import { useTranslation } from 'react-i18next';

/** Spec 2: the device's native share; otherwise the link is copied and an alert confirms it. */
export function ShareButton({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation('directory');
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        // Closing the share sheet rejects with AbortError: nothing to report.
        if ((error as { name?: string })?.name !== 'AbortError')
          console.warn('share failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      window.alert(t('detail.copied'));
    } catch (error) {
      console.warn('copy failed', error);
    }
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={() => void share()}>
      {t('detail.share')}
    </button>
  );
}
