import { api, unwrap } from '@diaspora/api-client';
import { useEffect, useState } from 'react';
import type { ContentType } from './reactionTypes';
import { firstViewThisSession } from './viewedOnce';

/**
 * Records one view when an item opens, once per browser session; returns the count the server
 * reported, or undefined when no view was sent (the item's own `views` stays right then).
 */
export function useRecordView(type: ContentType, id: string | undefined): number | undefined {
  const [views, setViews] = useState<number>();
  useEffect(() => {
    if (!id || !firstViewThisSession(type, id)) return;
    let current = true;
    unwrap(api.POST('/api/{type}/{id}/view', { params: { path: { type, id } } }))
      .then((result) => current && setViews(result.views))
      // Load failures of views are only logged (spec section 8).
      .catch((error: unknown) => console.warn('view not recorded', error));
    return () => {
      current = false;
    };
  }, [type, id]);
  return views;
}
