import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FormField } from './FormField';

// The form fields every form repeats: a FormField around one control that edits one value.
// Each field owns the control's wiring (ids, the input class, the value callback), so forms
// state only what differs: the label, the value and the control's own attributes.

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Marks the label and sets the control's native required. */
  required?: boolean;
}

/** A field that edits one text value. */
type ValueFieldProps = FieldProps & { value: string; onValueChange: (value: string) => void };

/**
 * A value field's props in three parts: what its FormField shows, the control's value wiring (the
 * input class, native required, value and change), and the rest, the control's own attributes.
 */
function splitValueField<P extends ValueFieldProps>(props: P) {
  const { label, hint, error, required, value, onValueChange, ...own } = props;
  return {
    field: { label, hint, error, required },
    wiring: {
      className: 'input',
      required,
      value,
      onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
    },
    own,
  };
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled text-like input (text, email, password, date, number, url...). */
export function TextField(props: ValueFieldProps & NativeInput) {
  const { field, wiring, own } = splitValueField(props);
  return (
    <FormField {...field}>{(control) => <input {...control} {...own} {...wiring} />}</FormField>
  );
}

type NativeTextarea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'id'
>;

/** A labelled multi-line text. */
export function TextAreaField(props: ValueFieldProps & NativeTextarea) {
  const { field, wiring, own } = splitValueField(props);
  return (
    <FormField {...field}>{(control) => <textarea {...control} {...own} {...wiring} />}</FormField>
  );
}

/** A labelled select over a list of values, each shown through optionLabel (a translation). */
export function SelectField<Value extends string>(
  props: ValueFieldProps & {
    options: readonly Value[];
    optionLabel: (option: Value) => string;
    /** The text of a first, empty-valued option ("All categories"); '' for a blank one. */
    emptyOption?: string;
  },
) {
  const { field, wiring, own } = splitValueField(props);
  return (
    <FormField {...field}>
      {(control) => (
        <select {...control} {...wiring}>
          {own.emptyOption !== undefined && <option value="">{own.emptyOption || null}</option>}
          {own.options.map((option) => (
            <option key={option} value={option}>
              {own.optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A labelled file picker; onFiles gets the chosen files and the input (to clear a rejection). */
export function FileField({
  label,
  hint,
  accept,
  multiple,
  onFiles,
}: Omit<FieldProps, 'error' | 'required'> & {
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[], input: HTMLInputElement) => void;
}) {
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="file"
          accept={accept}
          multiple={multiple}
          onChange={(event) => onFiles(Array.from(event.target.files ?? []), event.target)}
        />
      )}
    </FormField>
  );
}

/** A checkbox inside its label; className is the form's own layout class. */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className: string;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** A form's Save and Cancel buttons; Save is disabled while the save is pending. */
export function FormActions({
  className,
  submitLabel,
  cancelLabel,
  pending,
  onCancel,
}: {
  className: string;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn" disabled={pending}>
        {submitLabel}
      </button>
      <button type="button" className="btn btn--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
