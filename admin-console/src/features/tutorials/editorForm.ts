import { apiErrorText, fieldErrorsByField, useFirstInvalidFocus } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "a, b, ,c" → ["a", "b", "c"]: lists are typed as comma-separated text. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The course and team editors' errors: empty required fields before sending, then the server's
 * field errors under their fields (`education.0.year` included), or else why the save failed.
 * Either kind focuses the first invalid field, inside `formRef` (the editor's form).
 */
export function useEditorErrors(texts: { required: string; saveFailed: string }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string>();
  const { form, focusFirstInvalid } = useFirstInvalidFocus();
  return {
    formRef: form,
    errors,
    failed,
    dismiss: () => setFailed(undefined),
    /** Marks the required fields left empty; true when there are none. */
    checkRequired: <F>(form: F, required: ReadonlyArray<keyof F>) => {
      setFailed(undefined);
      const missing = Object.fromEntries(
        required
          .filter((field) => !String(form[field]).trim())
          .map((field) => [field, texts.required]),
      );
      setErrors(missing);
      const none = Object.keys(missing).length === 0;
      if (!none) focusFirstInvalid();
      return none;
    },
    /** Shows a failed save: its field errors, or the reason when it names no field. */
    showFailure: (cause: unknown) => {
      const fields = fieldErrorsByField(cause, t);
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirstInvalid();
      else setFailed(apiErrorText(cause, t, texts.saveFailed));
    },
    /** A failure that is not the save's own (the team photo after the member was saved). */
    setFailed,
  };
}
