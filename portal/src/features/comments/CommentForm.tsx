import { BusyButton } from '@diaspora/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkText } from './commentRules';

interface CommentFormProps {
  max: number;
  /** Replies may be typed past the limit: the counter turns red and sending alerts instead. */
  kind: 'comment' | 'reply';
  pending: boolean;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** A text box with its character counter, for comments and replies alike. */
export function CommentForm({ max, kind, pending, onSubmit, onCancel }: CommentFormProps) {
  const { t } = useTranslation('comments');
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const counterId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const over = text.length > max;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkText(text, max);
    if (check === 'blank') return;
    if (check === 'tooLong') {
      window.alert(kind === 'reply' ? t('replyTooLong') : t('commentTooLong'));
      return;
    }
    setFailed(false);
    try {
      await onSubmit(text.trim());
      setText('');
      // The emptied box's Post turns disabled, which would drop the keyboard's focus: it goes back
      // to the box, ready for the next comment (a sent reply's form closes, and its thread gives
      // the focus to the Reply button).
      if (kind === 'comment') box.current?.focus();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form className={`comment-form comment-form--${kind}`} onSubmit={submit} noValidate>
      <textarea
        ref={box}
        className="input comment-form__text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={kind === 'reply' ? t('replyPlaceholder') : t('placeholder')}
        aria-label={kind === 'reply' ? t('replyLabel') : t('commentLabel')}
        aria-describedby={counterId}
        maxLength={kind === 'comment' ? max : undefined}
        rows={kind === 'reply' ? 2 : 3}
        // A reply box opens on the Reply button: typing should go straight into it.
        autoFocus={kind === 'reply'}
      />
      <div className="comment-form__footer">
        <span
          id={counterId}
          className={`comment-form__counter${over ? ' comment-form__counter--over' : ''}`}
          data-testid={`${kind}-counter`}
        >
          {t('counter', { count: text.length, max })}
        </span>
        {failed && (
          <span className="comment-form__error" role="alert">
            {t('postFailed')}
          </span>
        )}
        <div className="comment-form__buttons">
          {onCancel && (
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('cancel')}
            </button>
          )}
          {/* Nothing to send yet: disabled; the text being sent: busy. */}
          <BusyButton type="submit" className="btn" disabled={text.trim() === ''} busy={pending}>
            {kind === 'reply' ? t('sendReply') : t('post')}
          </BusyButton>
        </div>
      </div>
    </form>
  );
}
