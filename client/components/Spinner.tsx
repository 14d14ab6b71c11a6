import { centered, spinner } from '../styles/ui.css';

export function Spinner({ label }: { label: string }) {
  return (
    <div className={centered} role="status" aria-live="polite">
      <span className={spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
