import { useSelector } from '@xstate/react';
import { shallowEqual } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { checksFee, FEE_FORM_ID, governmentFeesViewOf, type GovernmentFeesRef } from '../../../machines/governmentFees.view';
import type { AdminGovernmentFeeDto, FeeRowDto } from '../../../openapi/schemas/governmentFees';
import { useFormat } from '../../app/format';
import { useMoney } from '../../app/money';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, muted, notice, row, small, stack } from '../../styles/ui.css';
import * as css from './admin.css';
import { Failed } from './parts';

type Fees = GovernmentFeesRef;

/** 'federalregister.gov': what the admin recognises of a source beside its link. */
const siteOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

function useFeeName() {
  const { t } = useTranslation('admin');
  return (fee: Pick<AdminGovernmentFeeDto, 'code' | 'subject'>) => {
    const subject = fee.subject === 'ESTA' || fee.subject === 'VISA' ? t(`fees.subject.${fee.subject}`) : t('fees.subject.class', { class: fee.subject });
    return `${t(`fees.name.${fee.code}`)} · ${subject}`;
  };
}

/** The reminder every tab shows while a fee is due a check (issue 44: 90 days), with the way to the fees tab. */
export function FeesReminder({ fees, onOpen }: { fees: Fees; onOpen: () => void }) {
  const { t } = useTranslation('admin');
  const { due, checkIntervalDays } = useSelector(fees, governmentFeesViewOf, shallowEqual);
  if (due === 0) return null;
  return (
    <div className={`${notice.warning} ${row}`} role="status" data-testid="fees-reminder">
      <span>{t('fees.reminder', { count: due, days: checkIntervalDays })}</span>
      <button type="button" className={button.secondary} onClick={onOpen}>
        {t('fees.reminderAction')}
      </button>
    </div>
  );
}

/** Government fees (issue 44): each fee in force with its source and last check, its history and scheduled changes. */
export function FeesTab({ fees }: { fees: Fees }) {
  const { t } = useTranslation('admin');
  const view = useSelector(fees, governmentFeesViewOf, shallowEqual);
  if (view.failed) return <Failed text={t('fees.failed')} onRetry={() => fees.send({ type: 'RETRY' })} />;
  if (!view.context.fees) return <Spinner label={t('fees.loading')} />;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="fees-title" data-testid="fees-tab">
      <div>
        <h2 id="fees-title" className={heading.section}>
          {t('fees.title')}
        </h2>
        <p className={muted}>{t('fees.lead')}</p>
      </div>
      {view.editingOpen && view.context.editing && <ChangeForm fees={fees} />}
      <div className={css.tableWrap}>
        <table className={css.table}>
          <thead>
            <tr>
              <th scope="col">{t('fees.fee')}</th>
              <th scope="col">{t('fees.current')}</th>
              <th scope="col">{t('fees.source')}</th>
              <th scope="col">{t('fees.lastChecked')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('fees.change')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.context.fees.fees.map((fee) => (
              <FeeRow key={`${fee.code}:${fee.subject}`} fee={fee} fees={fees} busy={view.busy} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function FeeRow({ fee, fees, busy }: { fee: AdminGovernmentFeeDto; fees: Fees; busy: boolean }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const money = useMoney();
  const name = useFeeName()(fee);
  const amount = (r: FeeRowDto) => money(r.amountCents / 100, { cents: true });
  const shown = fee.current ?? fee.upcoming[0] ?? fee.unscheduled[0];
  const checking = useSelector(fees, checksFee(fee));
  const key = `${fee.code}-${fee.subject}`;
  return (
    <tr data-testid={`fee-${key}`}>
      <th scope="row">{name}</th>
      <td>
        {fee.current ? (
          <>
            <strong>{amount(fee.current)}</strong> <span className={muted}>{fee.current.effectiveFrom ? t('fees.since', { date: format.date(fee.current.effectiveFrom) }) : ''}</span>
          </>
        ) : (
          <span className={muted}>{t('fees.notInForce')}</span>
        )}
        {fee.upcoming.map((r) => (
          <div key={r.id} className={small}>
            {t('fees.scheduled', { date: format.date(r.effectiveFrom ?? ''), amount: amount(r) })}
          </div>
        ))}
        {fee.past.slice(0, 2).map((r) => (
          <div key={r.id} className={`${small} ${muted}`}>
            {t('fees.history', { date: format.date(r.effectiveFrom ?? ''), amount: amount(r) })}
          </div>
        ))}
      </td>
      <td>
        {shown && (
          <a href={shown.sourceUrl} target="_blank" rel="noopener noreferrer">
            {siteOf(shown.sourceUrl)}
          </a>
        )}
      </td>
      <td>
        {fee.lastCheckedAt ? format.date(fee.lastCheckedAt) : t('fees.never')}{' '}
        {fee.checkDue && <span className={css.statusBadge.pending}>{t('fees.due')}</span>}
      </td>
      <td>
        <div className={row}>
          <button type="button" className={button.secondary} disabled={busy} aria-busy={checking || undefined} onClick={() => fees.send({ type: 'FEE.CHECK', code: fee.code, subject: fee.subject })} aria-label={t('fees.checkedTodayFor', { fee: name })}>
            {checking ? t('fees.checking') : t('fees.checkedToday')}
          </button>
          <button type="button" className={button.ghost} disabled={busy} onClick={() => fees.send({ type: 'FEE.EDIT', code: fee.code, subject: fee.subject })} aria-label={t('fees.changeFor', { fee: name })}>
            {t('fees.change')}
          </button>
        </div>
      </td>
    </tr>
  );
}

function ChangeForm({ fees }: { fees: Fees }) {
  const { t } = useTranslation('admin');
  const view = useSelector(fees, governmentFeesViewOf, shallowEqual);
  const feeName = useFeeName();
  const { form, errors, editing } = view.context;
  if (!editing) return null;
  const field = (name: keyof typeof form, type: 'text' | 'date' | 'url', required = true) => (
    <TextField
      id={`fee-${name}`}
      label={t(`fees.${name}`)}
      type={type}
      autoComplete="off"
      value={form[name]}
      error={errors[name]}
      busy={view.saving}
      required={required}
      onChange={(value) => fees.send({ type: 'FEE.FIELD', field: name, value })}
    />
  );
  return (
    <form
      id={FEE_FORM_ID}
      className={`${card} ${stack}`}
      noValidate
      aria-labelledby="fee-change-title"
      data-testid="fee-change"
      onSubmit={(e) => {
        e.preventDefault();
        // A refused change moves focus to its first field with an error (the machine says so).
        if (!view.saving) fees.send({ type: 'FEE.SAVE' });
      }}
    >
      <h3 id="fee-change-title" className={heading.section}>
        {t('fees.changeTitle', { fee: feeName(editing) })}
      </h3>
      <div className={css.form}>
        {field('amount', 'text')}
        {field('effectiveFrom', 'date')}
        {field('sourceUrl', 'url')}
        {field('note', 'text', false)}
      </div>
      <div className={row}>
        <button type="submit" className={button.primary} aria-busy={view.saving} aria-disabled={view.saving || undefined} data-testid="fee-save">
          {view.saving ? t('fees.saving') : t('fees.save')}
        </button>
        <button type="button" className={button.ghost} disabled={view.saving} onClick={() => fees.send({ type: 'FEE.CANCEL' })}>
          {t('fees.cancel')}
        </button>
      </div>
    </form>
  );
}
