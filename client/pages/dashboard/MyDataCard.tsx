import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myDataFlow, myDataViewOf } from '../../../machines/myData.view';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { useFlow } from '../../app/useFlow';
import { Dialog } from '../../components/Dialog';
import { button, card, heading, muted, stack } from '../../styles/ui.css';
import { useFormats } from './formats';

/**
 * "Your data" (issue 44): everything held, as JSON or PDF, and erasure of one application or of everything, each
 * after a confirmation. Erasing everything ends the session; the flow's end takes the visitor home.
 */
export function MyDataCard({ applications, onErased }: { applications: readonly ApplicationDto[]; onErased: () => void }) {
  const { t } = useTranslation('privacy');
  const format = useFormats();
  const ref = useFlow(myDataFlow);
  useEffect(() => {
    const sub = ref.on('erasedOne', () => onErased());
    return () => sub.unsubscribe();
  }, [ref, onErased]);
  const view = useSelector(ref, myDataViewOf, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const send = ref.send;
  const disabled = view.busy || undefined;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="my-data-title" data-testid="my-data">
      <h2 id="my-data-title" className={heading.section}>
        {t('card.title')}
      </h2>
      <p className={muted}>
        {t('card.body')} <Link to="/privacy">{t('card.notice')}</Link>
      </p>
      <div>
        <button type="button" className={button.secondary} aria-disabled={disabled} onClick={() => send({ type: 'DOWNLOAD', format: 'json' })} data-testid="download-json">
          {t('card.downloadJson')}
        </button>{' '}
        <button type="button" className={button.secondary} aria-disabled={disabled} onClick={() => send({ type: 'DOWNLOAD', format: 'pdf' })} data-testid="download-pdf">
          {t('card.downloadPdf')}
        </button>{' '}
        <button type="button" className={button.secondary} aria-disabled={disabled} onClick={() => send({ type: 'DELETE_ALL' })} data-testid="delete-all">
          {t('card.deleteAll')}
        </button>
      </div>
      {applications.length > 0 && (
        <ul className={stack}>
          {applications.map((a) => (
            <li key={a.id}>
              {a.group?.traveller ?? a.type} · {a.country ? format.country(a.country) : ''}{' '}
              <button
                type="button"
                className={button.secondary}
                aria-disabled={disabled}
                aria-label={t('card.deleteApplicationLabel', { name: a.group?.traveller ?? a.type })}
                onClick={() => send({ type: 'DELETE_APPLICATION', leadId: a.id })}
                data-testid="delete-application"
              >
                {t('card.deleteApplication')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite">
        {view.busy ? t('card.working') : view.error ? t('card.failed', { message: view.error }) : view.erased ? t('card.erased', { ...view.erased, orders: view.erased.ordersKept }) : ''}
      </p>
      <Dialog open={view.confirming !== null} labelledBy="erase-title" onClose={() => send({ type: 'CANCEL' })} testId="erase-dialog">
        <div className={stack}>
          <h2 id="erase-title" className={heading.section}>
            {view.confirming?.kind === 'all' ? t('confirm.titleAll') : t('confirm.titleOne')}
          </h2>
          <p>{view.confirming?.kind === 'all' ? t('confirm.bodyAll') : t('confirm.bodyOne')}</p>
          <div>
            <button type="button" className={button.primary} onClick={() => send({ type: 'CONFIRM' })} data-testid="erase-confirm">
              {t('confirm.confirm')}
            </button>{' '}
            <button type="button" className={button.secondary} onClick={() => send({ type: 'CANCEL' })}>
              {t('confirm.cancel')}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
