import { useEffect, useState } from 'react';
import { keepPageOffline } from './keepPageOffline';

/**
 * Issue 39: true once this page (and `answers`, the API paths it draws) is kept on the device to
 * open offline; asked again whenever `ready` turns true or the answers change.
 */
export function useKeptOffline(answers: readonly string[], ready: boolean): boolean {
  const [kept, setKept] = useState(false);
  const key = answers.join(' ');
  useEffect(() => {
    if (!ready) return;
    let live = true;
    void keepPageOffline(key.split(' ').filter(Boolean)).then((done) => {
      if (live) setKept(done);
    });
    return () => {
      live = false;
    };
  }, [key, ready]);
  return kept;
}
