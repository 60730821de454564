import { isApiRequestError } from '@diaspora/api-client';
import { fieldErrorsText } from './serverErrorText';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Not in the index: imported by path, so only the forms that show errors under their fields load it
// and the first page (libs/ui's shared chunk) does not (first-page budget, issue 14).

/**
 * A failed call's field errors by field, the first for each, in the interface's language, for a
 * form that shows them under its fields; `fieldOf` maps the server's (dotted) names onto the form's.
 */
export function fieldErrorsByField(
  cause: unknown,
  t: Translate,
  fieldOf: (field: string) => string = (field) => field,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isApiRequestError(cause)) return fields;
  for (const item of cause.body.errors ?? []) {
    const field = item.field && fieldOf(item.field);
    // One error at a time through fieldErrorsText, so each reads as it does in the joined text.
    const text = field && !fields[field] ? fieldErrorsText({ errors: [item] }, t) : undefined;
    if (field && text) fields[field] = text;
  }
  return fields;
}
