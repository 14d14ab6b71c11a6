import type { ReactNode } from 'react';
import { errorText, label } from '../../styles/ui.css';

/** A control's error tied to it for screen readers. */
export const describedBy = (id: string, error: unknown) => ({ 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });

/** A label, the control it names, and the control's error under it. */
export function Labelled({ id, text, error, children }: { id: string; text: string; error: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A validator's key as the app words it: `validation.…` in its namespace, or `<namespace>:…`. */
export const messageKey = (key: string) => (key.includes(':') ? key : `validation:${key}`);
