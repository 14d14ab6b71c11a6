import type { ValidationError } from '../../machines/domain/validators';
import { useValidationMessage } from '../app/validationMessage';
import { errorText, input, label } from '../styles/ui.css';
import * as css from './textField.css';

export interface TextFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'date' | 'url';
  autoComplete: string;
  value: string;
  error: ValidationError | undefined;
  hint?: string;
  /** Read-only while a request runs (not disabled, so focus stays where it was). */
  busy: boolean;
  /** False for a field that may stay empty. */
  required?: boolean;
  onChange: (value: string) => void;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ id, label: text, type, autoComplete, value, error, hint, busy, required = true, onChange }: TextFieldProps) {
  const message = useValidationMessage();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <input
        id={id}
        name={id}
        data-testid={id}
        className={input}
        type={type}
        autoComplete={autoComplete}
        value={value}
        required={required}
        readOnly={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={css.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorText} role="alert">
          {message(error)}
        </p>
      )}
    </div>
  );
}
