import { useTranslation } from 'react-i18next';
import type { applicationRow } from '../../../machines/dashboard.view';
import { Link } from '../../app/Link';
import { button } from '../../styles/ui.css';
import * as css from './dashboard.css';
import { STATUSES, useFormats } from './formats';

interface ItemProps {
  row: ReturnType<typeof applicationRow>;
  busy: boolean;
  continuing: boolean;
  onView: () => void;
  onContinue: () => void;
  onAddTraveller: () => void;
}

export function ApplicationItem({ row, busy, continuing, onView, onContinue, onAddTraveller }: ItemProps) {
  const { application } = row;
  const { t } = useTranslation('account');
  const format = useFormats();
  const titleId = `application-${application.id}-title`;
  const statusKnown = (STATUSES as readonly string[]).includes(application.status);
  return (
    <li className={css.item} data-testid={`application-${application.id}`}>
      <div className={css.itemHead}>
        <h3 id={titleId} className={css.itemTitle}>
          {format.title(application)}
        </h3>
        <span className={statusKnown ? css.status[application.status] : css.status.unknown}>{format.known('dashboard.status', STATUSES, application.status)}</span>
      </div>
      <dl className={css.meta}>
        <Meta term={t('dashboard.item.purpose')} value={format.purpose(application)} />
        <Meta term={t('dashboard.item.created')} value={format.date(application.createdAt)} />
        <Meta term={t('dashboard.item.lastModified')} value={format.date(application.lastModified)} />
      </dl>
      {application.progress < 100 && (
        <div className={css.progressRow}>
          <div
            className={css.progressTrack}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={application.progress}
            aria-labelledby={titleId}
            aria-valuetext={t('dashboard.item.progressValue', { value: application.progress })}
          >
            <div className={css.progressFill} style={{ width: `${application.progress}%` }} />
          </div>
          <span className={css.progressText} aria-hidden="true">
            {t('dashboard.item.progressValue', { value: application.progress })}
          </span>
        </div>
      )}
      <div className={css.actions}>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={busy || undefined}
          aria-describedby={titleId}
          onClick={onView}
          data-testid={`view-${application.id}`}
        >
          {t('dashboard.item.view')}
        </button>
        {row.hasAnalysis && (
          <Link route="results" className={button.secondary} aria-describedby={titleId}>
            {t('dashboard.item.analysis')}
          </Link>
        )}
        {row.canContinue && (
          <button
            type="button"
            className={button.primary}
            aria-disabled={busy || undefined}
            aria-busy={continuing || undefined}
            aria-describedby={titleId}
            onClick={onContinue}
            data-testid={`continue-${application.id}`}
          >
            {continuing ? t('dashboard.item.continuing') : t('dashboard.item.continue')}
          </button>
        )}
        {row.pay && (
          <Link to={row.pay} className={button.primary} aria-describedby={titleId} data-testid={`pay-${application.id}`}>
            {t('dashboard.item.pay')}
          </Link>
        )}
        {row.canAddTraveller && (
          <button
            type="button"
            className={button.secondary}
            aria-disabled={busy || undefined}
            aria-describedby={titleId}
            onClick={onAddTraveller}
            data-testid={`add-traveller-${application.id}`}
          >
            {t('dashboard.item.addTraveller')}
          </button>
        )}
      </div>
    </li>
  );
}

export function Meta({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={css.metaTerm}>{term}</dt>
      <dd className={css.metaValue}>{value}</dd>
    </div>
  );
}

