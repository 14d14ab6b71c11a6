import { shallowEqual, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationFlow, confirmationKind, confirmationView, type NextStep } from '../../../machines/confirmation.view';
import type { OrderDto } from '../../../openapi/schemas/orders';
import type { PlanFeaturesDto } from '../../../openapi/schemas/plans';
import { useLanguage } from '../../app/AppContext';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useAddress, useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { NextSteps } from '../../components/NextSteps';
import { PriceLines } from '../../components/PriceStory';
import { SpanishNotice } from '../../components/SpanishNotice';
import { Spinner } from '../../components/Spinner';
import { badge, button, card, heading, muted, narrow, notice, page, row, small, stack } from '../../styles/ui.css';
import * as css from './confirmation.css';
import { GroupConfirmation } from './GroupConfirmation';

const SUPPORT_EMAIL = 'support@rumbo.example';

const FEATURES: readonly (keyof PlanFeaturesDto)[] = ['wizardAccess', 'estaCheck', 'aiAnalysis', 'documentReview', 'interviewPrep', 'prioritySupport'];

/** The card brands the payment gateway names; any other shows as the gateway wrote it. */
const BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;

export default function PaymentConfirmationPage() {
  // A group's one payment (issue 36): its own machine and view, every traveller with their own receipt line.
  return useAddress(confirmationKind) === 'group' ? <GroupConfirmation /> : <OrderConfirmation />;
}

function OrderConfirmation() {
  const { t } = useTranslation('commerce');
  const { branding } = useSiteData();
  usePageMeta('confirmation', branding.brandName);
  const ref = useFlow(confirmationFlow);
  const { screen: state, order, downloading, retryTo, formWaits, premiumCode, premiumLinks, nextStep, receiptMail, receiptMailTo, family } = useSelector(ref, confirmationView, shallowEqual);

  if (state === 'loading') return <Spinner label={t('confirmation.loading')} />;

  if (state === 'paid' && order) {
    return (
      <PaidOrder
        order={order}
        downloading={downloading}
        formWaits={formWaits}
        premiumCode={premiumCode}
        premiumLinks={premiumLinks}
        nextStep={nextStep}
        receiptMail={receiptMail && receiptMailTo ? { state: receiptMail, to: receiptMailTo } : null}
        addFamily={family?.addFamily ?? null}
        onReceipt={() => ref.send({ type: 'DOWNLOAD.RECEIPT' })}
        onForm={() => ref.send({ type: 'DOWNLOAD.FORM' })}
      />
    );
  }

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="confirmation-title" data-testid={`confirmation-${state}`}>
        {state === 'missing' && (
          <>
            <h1 id="confirmation-title" className={heading.page}>
              {t('confirmation.missing.title')}
            </h1>
            <p>{t('confirmation.missing.body')}</p>
            <div className={row}>
              <Link route="pricing" className={button.primary}>
                {t('back.pricing')}
              </Link>
              <Link route="home" className={button.secondary}>
                {t('back.home')}
              </Link>
            </div>
          </>
        )}

        {state === 'failed' && (
          <>
            <h1 id="confirmation-title" className={heading.page}>
              {t('confirmation.failed.title')}
            </h1>
            <p role="alert">{t('confirmation.failed.body')}</p>
            <div className={row}>
              <button type="button" className={button.primary} onClick={() => ref.send({ type: 'RETRY' })}>
                {t('retry')}
              </button>
              <Link route="home" className={button.secondary}>
                {t('back.home')}
              </Link>
            </div>
          </>
        )}

        {state === 'pending' && order && (
          <>
            <h1 id="confirmation-title" className={heading.page}>
              {t('confirmation.pending.title')}
            </h1>
            <p role="status">{t('confirmation.pending.body')}</p>
            <p className={muted}>
              {t('confirmation.order.number')}: <strong className={css.number}>{order.number}</strong>
            </p>
            <div className={row}>
              <button type="button" className={button.primary} onClick={() => ref.send({ type: 'REFRESH' })}>
                {t('confirmation.pending.refresh')}
              </button>
              <Link route="home" className={button.secondary}>
                {t('back.home')}
              </Link>
            </div>
          </>
        )}

        {state === 'declined' && order && (
          <>
            <h1 id="confirmation-title" className={heading.page}>
              {t('confirmation.declined.title')}
            </h1>
            <p role="alert">{order.failure ?? t('confirmation.declined.body')}</p>
            <p className={muted}>{t('confirmation.declined.notCharged')}</p>
            <div className={row}>
              <Link to={retryTo ?? ''} className={button.primary}>
                {t('confirmation.declined.tryAgain')}
              </Link>
              <Link route="pricing" className={button.secondary}>
                {t('back.pricing')}
              </Link>
            </div>
          </>
        )}

        {state === 'refunded' && order && (
          <>
            <h1 id="confirmation-title" className={heading.page}>
              {t('confirmation.refunded.title')}
            </h1>
            <p>{t('confirmation.refunded.body', { number: order.number })}</p>
            <p className={muted}>
              {t('confirmation.support.text', { number: order.number })} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
            <div className={row}>
              <Link route="home" className={button.secondary}>
                {t('back.home')}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

interface PaidProps {
  order: OrderDto;
  downloading: 'receipt' | 'form' | null;
  formWaits: boolean;
  premiumCode: string | null;
  premiumLinks: { text: string; voice: string } | null;
  nextStep: NextStep | null;
  /** The receipt's e-mail, sent or on its way; null when none will arrive. */
  receiptMail: { state: 'sent' | 'queued'; to: string } | null;
  /** Her family can still be added to this application (issue 45 item 22). */
  addFamily: string | null;
  onReceipt: () => void;
  onForm: () => void;
}

function PaidOrder({ order, downloading, formWaits, premiumCode, premiumLinks, nextStep, receiptMail, addFamily, onReceipt, onForm }: PaidProps) {
  const { t } = useTranslation('commerce');
  const { language } = useLanguage();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(order.paidAt ?? order.createdAt));
  const brand = order.card && ((BRANDS as readonly string[]).includes(order.card.brand) ? t(`card.brands.${order.card.brand}`) : order.card.brand);
  const included = FEATURES.filter((f) => order.features[f]);
  const busy = downloading !== null;
  // The page arrived from the checkout: start reading at its title, once.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <div className={`${narrow} ${page} ${stack}`}>
      <header className={css.hero}>
        <span className={css.checkmark} aria-hidden="true">
          ✓
        </span>
        <h1 className={heading.page} tabIndex={-1} ref={title}>
          {t('confirmation.paid.title')}
        </h1>
        <p className={muted}>{t('confirmation.paid.lead')}</p>
      </header>

      <section className={`${card} ${stack}`} aria-labelledby="order-title">
        <h2 id="order-title" className={heading.section}>
          {t('confirmation.order.title')}
        </h2>
        <dl className={css.orderList}>
          <div>
            <dt className={css.term}>{t('confirmation.order.number')}</dt>
            <dd className={`${css.value} ${css.number}`} data-testid="confirmation-number">
              {order.number}
            </dd>
          </div>
          <div>
            <dt className={css.term}>{t('confirmation.order.service')}</dt>
            <dd className={css.value} data-testid="confirmation-service">
              {order.service}
            </dd>
          </div>
          <div>
            <dt className={css.term}>{t('confirmation.order.plan')}</dt>
            <dd className={css.value}>
              <span className={badge.brand} data-testid="confirmation-plan">
                {t(`products.${order.product}`)}
              </span>
            </dd>
          </div>
          <div>
            <dt className={css.term}>{t('confirmation.order.date')}</dt>
            <dd className={css.value}>{date}</dd>
          </div>
          {order.card && (
            <div>
              <dt className={css.term}>{t('confirmation.order.card')}</dt>
              <dd className={css.value} data-testid="confirmation-card">
                {t('confirmation.order.cardValue', { brand, last4: order.card.last4 })}
              </dd>
            </div>
          )}
        </dl>
        <PriceLines price={order.price} service={order.service} product={order.product} charged="paid" />
        <p className={notice.warning} data-testid="government-fee">
          {t('confirmation.government', { service: order.service, amount: money(order.price.governmentFee / 100, { cents: true }) })}
        </p>
      </section>

      {included.length > 0 && (
        <section className={`${card} ${stack}`} aria-labelledby="includes-title">
          <h2 id="includes-title" className={heading.section}>
            {t('confirmation.includes')}
          </h2>
          <ul className={css.features}>
            {included.map((f) => (
              <li key={f} className={css.feature}>
                <span className={css.tick} aria-hidden="true">
                  ✓
                </span>
                {t(`features.${f}`)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {premiumCode && premiumLinks && <PremiumBox code={premiumCode} links={premiumLinks} />}

      <section className={`${card} ${stack}`} aria-labelledby="next-title">
        <h2 id="next-title" className={heading.section}>
          {t('confirmation.next')}
        </h2>
        {nextStep && <NextSteps steps={[{ step: nextStep }]} />}
        <div className={css.actions}>
          <button type="button" className={button.primary} data-testid="download-receipt" disabled={busy} aria-busy={downloading === 'receipt' || undefined} onClick={onReceipt}>
            {downloading === 'receipt' ? t('confirmation.downloading.receipt') : t('confirmation.download.receipt')}
          </button>
          {!formWaits ? (
            <button type="button" className={button.secondary} data-testid="download-form" disabled={busy} aria-busy={downloading === 'form' || undefined} onClick={onForm}>
              {downloading === 'form' ? t('confirmation.downloading.form') : t('confirmation.download.form')}
            </button>
          ) : (
            // Bought before the form was filled in (from the pricing page): the package waits for it.
            <Link route="dashboard" className={button.secondary} data-testid="fill-form">
              {t('confirmation.fillForm')}
            </Link>
          )}
          {addFamily && (
            <Link to={addFamily} className={button.secondary} data-testid="add-family">
              {t('family.add')}
            </Link>
          )}
          <Link route="home" className={button.secondary}>
            {t('back.home')}
          </Link>
        </div>
        {/* Says what the disabled buttons are waiting for to a screen reader as well. */}
        <p className="visually-hidden" role="status" aria-live="polite">
          {downloading === 'receipt' ? t('confirmation.downloading.receipt') : downloading === 'form' ? t('confirmation.downloading.form') : ''}
        </p>
        <p className={notice.info} data-testid="receipt-mail">
          {receiptMail ? t(`confirmation.receiptMail.${receiptMail.state}`, { email: receiptMail.to }) : t('confirmation.receiptMail.none')}
        </p>
        <p className={notice.info} data-testid="find-again">
          {order.receiptEmail ? t('confirmation.findAgainWith', { email: order.receiptEmail }) : t('confirmation.findAgain')}
        </p>
        <p className={`${muted} ${small}`}>
          {t('confirmation.support.text', { number: order.number })} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </section>

      {/* Its own boundary: the page stays on screen while the Spanish text loads. */}
      <Suspense fallback={null}>
        <SpanishNotice className={css.legal} titleId="legal-title" />
      </Suspense>
    </div>
  );
}

function PremiumBox({ code, links }: { code: string; links: { text: string; voice: string } }) {
  const { t } = useTranslation('commerce');
  // Presentation only: whether the copy button just worked.
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className={css.premium} aria-labelledby="premium-title">
      <h2 id="premium-title" className={heading.section}>
        {t('confirmation.premium.title')}
      </h2>
      <p>{t('confirmation.premium.body')}</p>
      <p className={row}>
        <Link to={links.text}>{t('confirmation.premium.link')}</Link>
        <Link to={links.voice}>{t('confirmation.premium.voiceLink')}</Link>
      </p>
      <div className={row}>
        <span>{t('confirmation.premium.code')}</span>
        <code className={css.code} data-testid="access-code">
          {code}
        </code>
        <button type="button" className={button.ghost} onClick={copy}>
          {t('confirmation.premium.copy')}
        </button>
        <span role="status" aria-live="polite" className={small}>
          {copied ? t('confirmation.premium.copied') : ''}
        </span>
      </div>
      <p className={`${muted} ${small}`}>{t('confirmation.premium.keep')}</p>
    </section>
  );
}
