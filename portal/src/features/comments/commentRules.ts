/** Spec section 9: comment maximum 5000 characters; reply maximum 100. */
export const COMMENT_MAX = 5000;
export const REPLY_MAX = 100;

export type TextCheck = 'ok' | 'blank' | 'tooLong';

/** Whether a comment or reply may be sent: non-blank and within its limit. */
export function checkText(text: string, max: number): TextCheck {
  if (text.trim() === '') return 'blank';
  return text.length > max ? 'tooLong' : 'ok';
}
