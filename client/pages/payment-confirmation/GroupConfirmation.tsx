import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { backToPanel, groupConfirmationFlow, groupConfirmationView } from '../../../machines/groupConfirmation.view';
import { useFormat } from '../../app/format';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { button, card, heading, muted, narrow, notice, page, row, small, stack } from '../../styles/ui.css';
import * as css from './confirmation.css';
import { GovernmentFees } from '../../components/PriceStory';
import { NextSteps } from '../../components/NextSteps';

type View = ReturnType<typeof groupConfirmationView>;
type Line = View['lines'][number];

/**
 * /payment-confirmation?groupPayment=<id> (issue 36): the group's payment as the server recorded it, every traveller
 * with their own receipt line (order number, amount, Premium code) and form PDF, and the receipt of the one charge.
 */
export function GroupConfirmation() {
  const { t } = useTranslation(['group', 'commerce']);
  const { branding } = useSiteData();
  usePageMeta('confirmation', branding.brandName);
  const flow = useFlow(groupConfirmationFlow);
  const view = useSelector(flow, groupConfirmationView, shallowEqual);
  const { screen: state, payment } = view;
  const back = useSelector(flow, backToPanel);

  if (state === 'loading') return <Spinner label={t('commerce:confirmation.loading')} />;
  if (state === 'paid' && payment) {
    return <PaidGroup view={view} back={back} onForm={(line) => flow.send({ type: 'DOWNLOAD.FORM', line })} onReceipt={() => flow.send({ type: 'DOWNLOAD.RECEIPT' })} />;
  }

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="confirmation-title" data-testid={`group-confirmation-${state}`}>
        <h1 id="confirmation-title" className={heading.page}>
          {t(`confirmation.${state}.title`)}
        </h1>
        <p role={state === 'failed' || state === 'notPaid' ? 'alert' : undefined}>{t(`confirmation.${state}.body`, { number: payment?.number })}</p>
        <div className={row}>
          {state === 'failed' && (
            <button type="button" className={button.primary} onClick={() => flow.send({ type: 'RETRY' })}>
              {t('commerce:retry')}
            </button>
          )}
          {state === 'pending' && (
            <button type="button" className={button.primary} onClick={() => flow.send({ type: 'REFRESH' })}>
              {t('commerce:confirmation.pending.refresh')}
            </button>
          )}
          {view.retryTo && (
            <Link to={view.retryTo} className={button.primary}>
              {t('confirmation.notPaid.tryAgain')}
            </Link>
          )}
          <Link to={back} className={button.secondary} data-testid="group-back">
            {t('checkout.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}

interface PaidProps {
  view: View;
  /** "Back to your panel": the dashboard, or a guest's group panel. */
  back: string;
  onForm: (line: number) => void;
  onReceipt: () => void;
}

function PaidGroup({ view, back, onForm, onReceipt }: PaidProps) {
  const { t } = useTranslation(['group', 'commerce', 'errors']);
  const { busy, makingReceipt, receiptFailure, receiptWait } = view;
  const payment = view.payment as NonNullable<View['payment']>;
  const format = useFormat();
  const money = useMoney();
  const cents = (value: number) => money(value / 100, { cents: true });
  // The page arrived from the checkout: start reading at its title, once.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <div className={`${narrow} ${page} ${stack}`} data-testid="group-confirmation-paid">
      <header className={css.hero}>
        <span className={css.checkmark} aria-hidden="true">
          ✓
        </span>
        <h1 className={heading.page} tabIndex={-1} ref={title}>
          {t('commerce:confirmation.paid.title')}
        </h1>
        <p className={muted}>{t('confirmation.paid.lead', { count: payment.lines.length })}</p>
      </header>

      <section className={`${card} ${stack}`} aria-labelledby="group-travellers-title">
        <h2 id="group-travellers-title" className={heading.section}>
          {t('confirmation.travellers')}
        </h2>
        <ul className={`${stack} ${css.features}`}>
          {view.lines.map((line) => (
            <TravellerLine key={line.order.id} line={line} busy={busy} onForm={() => onForm(line.index)} />
          ))}
        </ul>
      </section>

      <section className={`${card} ${stack}`} aria-labelledby="group-next-title">
        <h2 id="group-next-title" className={heading.section}>
          {t('commerce:confirmation.next')}
        </h2>
        <NextSteps steps={view.lines.map((line) => ({ name: line.traveller || t('checkout.unnamed'), step: line.nextStep }))} />
      </section>

      <section className={`${card} ${stack}`} aria-labelledby="group-receipt-title" data-testid="group-receipt">
        <h2 id="group-receipt-title" className={heading.section}>
          {t('confirmation.receipt.title')}
        </h2>
        <dl className={css.orderList}>
          <Item term={t('confirmation.receipt.number')} value={payment.number} mono testId="group-payment-number" />
          <Item term={t('commerce:confirmation.order.date')} value={format.date(payment.paidAt ?? payment.createdAt)} />
          {payment.card && <Item term={t('commerce:confirmation.order.card')} value={t('commerce:confirmation.order.cardValue', { brand: t(`commerce:card.brands.${payment.card.brand}`, { defaultValue: payment.card.brand }), last4: payment.card.last4 })} />}
          {payment.receiptEmail && <Item term={t('confirmation.receipt.email')} value={payment.receiptEmail} />}
          <Item term={t('confirmation.receipt.services')} value={cents(view.services)} />
          <Item term={t('checkout.summary.processing')} value={cents(payment.price.processingFee)} />
          <Item term={t('confirmation.receipt.total')} value={cents(payment.price.total)} testId="group-payment-total" />
        </dl>
        <p className={notice.warning}>{t('checkout.summary.government', { amount: cents(payment.price.governmentFee) })}</p>
        <GovernmentFees fees={payment.price.governmentFees} product="group" />
        <div className={row}>
          <button type="button" className={button.primary} data-testid="group-download-receipt" disabled={busy} aria-busy={makingReceipt || undefined} onClick={onReceipt}>
            {makingReceipt ? t('commerce:confirmation.downloading.receipt') : t('confirmation.receipt.download')}
          </button>
        </div>
        {receiptFailure && (
          <p role="alert" className={notice.warning} data-testid="group-receipt-failed">
            {receiptFailure !== 'too_many_requests'
              ? t('commerce:toast.receiptFailed.description', { number: payment.number })
              : receiptWait === null
                ? t('errors:too_many_requests')
                : t('errors:too_many_requests_wait', { count: receiptWait })}
          </p>
        )}
      </section>
      <Link to={back} className={button.secondary} data-testid="group-back">
        {t('checkout.back')}
      </Link>
    </div>
  );
}

function Item({ term, value, mono, testId }: { term: string; value: string; mono?: boolean; testId?: string }) {
  return (
    <div>
      <dt className={css.term}>{term}</dt>
      <dd className={`${css.value} ${mono ? css.number : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function TravellerLine({ line, busy, onForm }: { line: Line; busy: boolean; onForm: () => void }) {
  const { t } = useTranslation(['group', 'commerce']);
  const money = useMoney();
  const { order, downloading } = line;
  const name = line.traveller || t('checkout.unnamed');
  return (
    <li className={`${stack} ${css.traveller}`} data-testid="group-confirmation-line">
      <div>
        <strong>{name}</strong>
        <span className={`${muted} ${small}`}>
          {' '}
          · {t(`relationship.${line.relationship}`)} · {t(`commerce:products.${order.product}`)}
        </span>
      </div>
      <dl className={css.orderList}>
        <Item term={t('commerce:confirmation.order.number')} value={order.number} mono testId="group-line-number" />
        <Item term={t('confirmation.line.amount')} value={money(order.price.total / 100, { cents: true })} />
        {line.premiumCode && <Item term={t('commerce:confirmation.premium.code')} value={line.premiumCode} mono testId="group-line-code" />}
      </dl>
      {line.premiumTo && <Link to={line.premiumTo}>{t('commerce:confirmation.premium.link')}</Link>}
      {line.formReady ? (
        <button type="button" className={button.secondary} data-testid="group-line-form" disabled={busy} aria-busy={downloading || undefined} onClick={onForm}>
          {downloading ? t('commerce:confirmation.downloading.form') : t('confirmation.line.download', { name })}
        </button>
      ) : (
        <p className={`${muted} ${small}`}>{t('confirmation.line.notReady', { name })}</p>
      )}
    </li>
  );
}
