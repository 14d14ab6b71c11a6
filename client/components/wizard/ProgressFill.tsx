import { progressFill } from './wizard.css';

/** The bar inside a progress track, `fraction` (0 to 1) of it full; scaled, not sized, so a change is not laid out. */
export function ProgressFill({ fraction }: { fraction: number }) {
  return <div className={progressFill} style={{ transform: `scaleX(${Math.min(Math.max(fraction, 0), 1)})` }} />;
}
