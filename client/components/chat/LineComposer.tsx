import { forwardRef } from 'react';
import { button, input as inputClass } from '../../styles/ui.css';
import * as chat from './chat.css';

/** A one-line composer: Enter sends (the form submits); the button is off while a call runs or with no words. */
export const LineComposer = forwardRef<
  HTMLInputElement,
  { id: string; value: string; label: string; placeholder: string; send: string; busy: boolean; onChange: (value: string) => void; onSend: () => void }
>(function LineComposer({ id, value, label, placeholder, send, busy, onChange, onSend }, ref) {
  return (
    <form
      className={chat.composer}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={`${inputClass} ${chat.composerInput}`}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="send"
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className={button.primary} disabled={busy || value.trim() === ''}>
        {send}
      </button>
    </form>
  );
});
