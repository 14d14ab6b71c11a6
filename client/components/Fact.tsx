import { factTerm, factValue } from '../styles/ui.css';

/** One term and value inside a `<dl className={factList}>`. */
export function Fact({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className={factTerm}>{term}</dt>
      <dd className={factValue} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
