import type { ValidationError } from '../../machines/domain/validators';
import { button } from '../styles/ui.css';
import { TextField, type TextFieldProps } from './TextField';
import * as css from './signInForm.css';

export interface SignInField<F extends string> {
  field: F;
  /** The input's id (and test id): unique on the page. */
  id: string;
  label: string;
  type: TextFieldProps['type'];
  autoComplete: string;
  hint?: string;
}

interface Props<F extends string> {
  /** The form's id: a refused submit moves focus to its first field in error (the machine says so). */
  id: string;
  fields: readonly SignInField<F>[];
  values: Record<F, string>;
  errors: Partial<Record<F, ValidationError>>;
  /** A request is under way: the fields are read-only and the button waits. */
  busy: boolean;
  /** This form's own request is under way: its button says so. */
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  variant?: 'primary' | 'secondary';
  testId: string;
  onChange: (field: F, value: string) => void;
  onSubmit: () => void;
}

/**
 * The one sign-in form: labelled fields with their hints and errors, and one submit button that waits while a request
 * runs. The login, the sign-up, the guest access and the admin gate are each one of these; what a submit does (and
 * where focus goes when it is refused) is their machine's.
 */
export function SignInForm<F extends string>({ id, fields, values, errors, busy, submitting, submitLabel, submittingLabel, variant = 'primary', testId, onChange, onSubmit }: Props<F>) {
  return (
    <form
      id={id}
      className={css.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {fields.map((f) => (
        <TextField
          key={f.id}
          id={f.id}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          value={values[f.field]}
          error={errors[f.field]}
          {...(f.hint ? { hint: f.hint } : {})}
          busy={busy}
          onChange={(value) => onChange(f.field, value)}
        />
      ))}
      <button type="submit" className={`${button[variant]} ${css.fullWidth}`} aria-disabled={busy || undefined} aria-busy={submitting} data-testid={testId}>
        {submitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
