import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldNotes, fieldNotesDescribedBy } from './FieldNotes';
import './switchField.css';

export interface SwitchFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'role'
> {
  readonly label: string;
  /** Help shown under the label. */
  readonly hint?: string;
  readonly ref?: Ref<HTMLInputElement>;
}

/** An on/off setting: a checkbox announced as a switch, with its label and optional hint. */
export function SwitchField({ label, hint, ref, ...input }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="ll-switch">
      <input
        {...input}
        id={id}
        ref={ref}
        type="checkbox"
        role="switch"
        aria-describedby={fieldNotesDescribedBy({ id, hint })}
      />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}
