const KEY_PREFIX = 'viewed:';

/**
 * True the first time an item is seen in this browser session (spec section 4: a view counts
 * once per content item per browser session); it marks the item as seen.
 */
export function firstViewThisSession(type: string, id: string, storage: Storage = sessionStorage) {
  const key = `${KEY_PREFIX}${type}:${id}`;
  try {
    if (storage.getItem(key)) return false;
    storage.setItem(key, '1');
  } catch {
    // Storage blocked (private mode): the server still deduplicates.
  }
  return true;
}
