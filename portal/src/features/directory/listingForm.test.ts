import { ApiRequestError, ErrorCode } from '@diaspora/api-client';
import { i18n, loadAllTexts } from '@diaspora/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { submitFailure } from './listingForm';

beforeAll(() => loadAllTexts());

const refused = new ApiRequestError(400, {
  msg: 'A listing can have at most 5 images besides its logo',
  code: ErrorCode.TOO_MANY_LISTING_IMAGES,
});

describe('submitFailure', () => {
  it('says a refused listing by its code, in the reader’s language', () => {
    expect(submitFailure(refused, i18n.getFixedT('en', 'directory'))).toBe(
      'A listing can have at most 5 images besides its logo',
    );
    expect(submitFailure(refused, i18n.getFixedT('am', 'directory'))).toBe(
      'አንድ ዝርዝር ከአርማው በተጨማሪ ሊኖረው የሚችለው የምስሎች ብዛት ተገድቧል',
    );
  });

  it('asks a guest to log in, and falls back to the generic texts', () => {
    const t = i18n.getFixedT('en', 'directory');
    expect(submitFailure(new ApiRequestError(401, {}), t)).toBe(
      'Please login to submit your business listing.',
    );
    expect(submitFailure(new ApiRequestError(400, {}), t)).toBe(t('form.failed400'));
    expect(submitFailure(new Error('offline'), t)).toBe(t('form.failed'));
  });

  it('says an edit conflict by its code, in the reader’s language', () => {
    const conflict = new ApiRequestError(409, { msg: 'changed', code: ErrorCode.EDIT_CONFLICT });
    expect(submitFailure(conflict, i18n.getFixedT('en', 'directory'))).toBe(
      'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
    );
    expect(submitFailure(conflict, i18n.getFixedT('am', 'directory'))).not.toMatch(/[A-Za-z]/);
  });
});
