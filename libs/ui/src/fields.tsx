import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { BusyButton } from './BusyButton';
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

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled text-like input (text, email, password, date, number, url...). */
export function TextField({
  label,
  hint,
  error,
  required,
  value,
  onValueChange,
  ...input
}: FieldProps & NativeInput & { value: string; onValueChange: (value: string) => void }) {
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <input
          {...control}
          {...input}
          className="input"
          required={required}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

type NativeTextarea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'id'
>;

/** A labelled multi-line text. */
export function TextAreaField({
  label,
  hint,
  error,
  required,
  value,
  onValueChange,
  ...textarea
}: FieldProps & NativeTextarea & { value: string; onValueChange: (value: string) => void }) {
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <textarea
          {...control}
          {...textarea}
          className="input"
          required={required}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** A labelled select over a list of values, each shown through optionLabel (a translation). */
export function SelectField<Value extends string>({
  label,
  hint,
  error,
  required,
  value,
  onValueChange,
  options,
  optionLabel,
  emptyOption,
}: FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly Value[];
  optionLabel: (option: Value) => string;
  /** The text of a first, empty-valued option ("All categories"); '' for a blank one. */
  emptyOption?: string;
}) {
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select
          {...control}
          className="input"
          required={required}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {emptyOption !== undefined && <option value="">{emptyOption || null}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
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

/**
 * A form's Save and Cancel buttons. While the save is pending Save is busy (BusyButton):
 * aria-disabled, and a press (or Enter in a field) submits nothing.
 */
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
      <BusyButton type="submit" className="btn" busy={pending}>
        {submitLabel}
      </BusyButton>
      <button type="button" className="btn btn--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
