import { useEffect, useRef, type ReactNode } from 'react';
import * as css from './dialog.css';

interface Props {
  /** Whether it shows: the page's machine (or, for a purely visual note, the component) says so. */
  open: boolean;
  /** The id of the heading that names it. */
  labelledBy: string;
  /** Escape or the browser closing it: the caller's machine hears it. */
  onClose: () => void;
  size?: keyof typeof css.dialog;
  /**
   * A long read (an application's details) opens at its title, which takes focus, rather than scrolled down to
   * its first link (issue 45 item 13); the title needs tabIndex={-1}.
   */
  startAtTitle?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * The app's one modal dialog: the browser's <dialog>, which traps focus, closes on Escape and darkens what is
 * behind; focus goes back to where it was when it closes.
 */
export function Dialog({ open, labelledBy, onClose, size = 'medium', startAtTitle = false, testId, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      if (startAtTitle) {
        dialog.querySelector<HTMLElement>(`#${CSS.escape(labelledBy)}`)?.focus({ preventScroll: true });
        dialog.scrollTop = 0;
      }
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, startAtTitle, labelledBy]);
  return (
    <dialog
      ref={ref}
      className={css.dialog[size]}
      aria-labelledby={open ? labelledBy : undefined}
      data-testid={testId}
      onClose={() => {
        onClose();
        opener.current?.focus();
        opener.current = null;
      }}
    >
      {open && children}
    </dialog>
  );
}
