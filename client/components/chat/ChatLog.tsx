import { useEffect, useRef, type ReactNode } from 'react';
import * as chat from './chat.css';

export interface LogLine {
  role: 'user' | 'assistant' | 'system';
  /** What the line says; system lines are already worded by the page. */
  body: ReactNode;
}

/**
 * The chats' conversation: a live log (screen readers hear each new line), scrollable by keyboard, with the
 * reply being written (or a 'writing' note) at its end, kept in view as it grows.
 */
export function ChatLog({
  label,
  lines,
  pending,
  speakers,
  testId,
  lang,
  field,
}: {
  label: string;
  lines: LogLine[];
  /** The reply on its way, or null when nothing is. */
  pending: ReactNode | null;
  speakers: Record<LogLine['role'], string>;
  testId: string;
  lang?: string;
  /** The question being answered (for tests and tools), when there is one. */
  field?: string | undefined;
}) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [lines.length, pending]);
  return (
    <div role="log" aria-live="polite">
      <ol className={chat.log} tabIndex={0} aria-label={label} data-testid={testId} data-field={field} lang={lang}>
        {lines.map((line, i) => (
          <li key={i} className={chat.bubble[line.role]} data-role={line.role}>
            <span className="visually-hidden">{speakers[line.role]}: </span>
            <span data-text>{line.body}</span>
          </li>
        ))}
        {pending !== null && (
          <li className={chat.bubble.assistant} aria-busy="true">
            {pending}
          </li>
        )}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
