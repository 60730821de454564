import { TextField } from '@diaspora/ui';

interface CommaListRowProps<K extends string> {
  /** The form's list fields on this row, typed as comma-separated text (see splitList). */
  fields: readonly K[];
  label: (field: K) => string;
  hint: string;
  values: Record<K, string>;
  errors: Record<string, string>;
  onChange: (field: K, value: string) => void;
}

/** A row of the course and team editors' comma-separated lists (subjects, expertise, languages). */
export function CommaListRow<K extends string>(props: CommaListRowProps<K>) {
  return (
    <div className="admin-editor__row">
      {props.fields.map((field) => (
        <TextField
          key={field}
          label={props.label(field)}
          hint={props.hint}
          error={props.errors[field]}
          value={props.values[field]}
          onValueChange={(value) => props.onChange(field, value)}
        />
      ))}
    </div>
  );
}
