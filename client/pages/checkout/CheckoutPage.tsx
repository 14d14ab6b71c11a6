import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkoutMachine, selectedOption, type CheckoutField, type CheckoutInput } from '../../../machines/checkout.machine';
import { ROUTES } from '../../../machines/domain/routes';
import { toIsoDate } from '../../../machines/domain/validators';
import type { PlanFeaturesDto } from '../../../openapi/schemas/plans';
import type { QuoteOption, QuoteQuery } from '../../../openapi/schemas/orders';
import { makeCheckoutActors } from '../../api/actors/checkout';
import { fetchTransport } from '../../api/transport';
import { useToastActor } from '../../app/AppContext';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { PriceLines } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import { button, card, container, heading, muted, notice, page, row, small, stack } from '../../styles/ui.css';
import * as css from './checkout.css';
import { CardForm, focusFirstError } from './CardForm';
import { GroupCheckout } from './GroupCheckout';
import { OwnedPackage, type CheckoutRef } from './OwnedPackage';
import { paymentToasts } from './paymentToasts';

/** The query parameters the checkout reads (spec 1-core §2.5); only those present are sent to the quote. */
const QUERY_KEYS = ['plan', 'formType', 'service', 'amount', 'lead', 'session'] as const satisfies readonly (keyof QuoteQuery)[];

const FEATURES: readonly (keyof PlanFeaturesDto)[] = ['wizardAccess', 'estaCheck', 'aiAnalysis', 'documentReview', 'interviewPrep', 'prioritySupport'];

const base = checkoutMachine.provide({ actors: makeCheckoutActors(fetchTransport) });

function queryOf(params: URLSearchParams): QuoteQuery {
  return Object.fromEntries(QUERY_KEYS.flatMap((key) => {
    const value = params.get(key);
    return value === null ? [] : [[key, value]];
  })) as QuoteQuery;
}

export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const group = searchParams.get('group');
  // The group's one checkout (issue 36): the same route, its own machine and view.
  return group ? <GroupCheckout groupId={group} /> : <SingleCheckout searchParams={searchParams} />;
}

function SingleCheckout({ searchParams }: { searchParams: URLSearchParams }) {
  const { t } = useTranslation('commerce');
  const { branding } = useSiteData();
  usePageMeta('checkout', branding.brandName);
  const toasts = useToastActor();
  const machine = useMemo(
    () =>
      base.provide({
        actions: {
          ...paymentToasts(toasts),
          announceInvalidPlan: () =>
            toasts.send({ type: 'TOAST.SHOW', toast: { title: 'commerce:toast.invalidPlan.title', description: 'commerce:toast.invalidPlan.description', variant: 'destructive' } }),
          // Paid (or being paid) in another tab: the page shows what the application has now.
          announcePurchaseConflict: (_, { code }) => {
            const key = code === 'purchase_in_progress' ? 'inProgress' : 'alreadyPurchased';
            toasts.send({ type: 'TOAST.SHOW', toast: { title: `commerce:toast.${key}.title`, description: `commerce:toast.${key}.description` } });
          },
        },
      }),
    [toasts],
  );
  const flowInput: CheckoutInput = useMemo(() => ({ query: queryOf(searchParams), today: toIsoDate(new Date()) }), [searchParams]);
  const ref = useLegacyFlow(machine, flowInput);
  const state = useSelector(ref, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('invalidPlan') ? 'invalidPlan' : s.matches('owned') ? 'owned' : 'ready',
  );

  if (state === 'loading') return <Spinner label={t('checkout.loading')} />;

  if (state === 'owned') return <OwnedPackage flow={ref} />;

  if (state === 'invalidPlan') {
    return (
      <div className={`${container} ${page}`}>
        <section className={`${card} ${stack}`} data-testid="invalid-plan" aria-labelledby="invalid-plan-title">
          <h1 id="invalid-plan-title" className={heading.page}>
            {t('checkout.invalidPlan.title')}
          </h1>
          <p role="alert">{t('checkout.invalidPlan.body')}</p>
          <p className={muted}>{t('checkout.invalidPlan.hint')}</p>
          <div className={row}>
            <Link to={ROUTES.home} className={button.primary}>
              {t('checkout.invalidPlan.home')}
            </Link>
            <Link to={ROUTES.pricing} className={button.secondary}>
              {t('back.pricing')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  if (state === 'failed') {
    return (
      <div className={`${container} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="checkout-title">
          <h1 id="checkout-title" className={heading.page}>
            {t('checkout.title')}
          </h1>
          <p role="alert">{t('checkout.failed')}</p>
          <div className={row}>
            <button type="button" className={button.primary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('retry')}
            </button>
            <Link to={ROUTES.pricing} className={button.secondary}>
              {t('back.pricing')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return <CheckoutForm flow={ref} />;
}

function CheckoutForm({ flow }: { flow: CheckoutRef }) {
  const { t } = useTranslation(['commerce', 'validation']);
  const money = useMoney();
  const quote = useSelector(flow, (s) => s.context.quote);
  const option = useSelector(flow, (s) => selectedOption(s.context));
  const details = useSelector(flow, (s) => s.context.details);
  const email = useSelector(flow, (s) => s.context.email);
  const errors = useSelector(flow, (s) => s.context.errors);
  const paying = useSelector(flow, (s) => s.matches({ ready: 'paying' }) || s.status === 'done');
  const busy = useSelector(flow, (s) => s.hasTag('busy') || s.status === 'done');

  if (!quote || !option) return null;

  const pay = () => {
    flow.send({ type: 'PAY' });
    const after = flow.getSnapshot();
    if (after.matches({ ready: 'editing' })) focusFirstError(after.context.errors);
  };

  const total = money(option.price.total / 100, { cents: true });

  return (
    <div className={`${container} ${page} ${stack}`}>
      <div>
        <h1 className={heading.page}>{t('checkout.title')}</h1>
        <p className={muted}>{t('checkout.lead', { service: quote.service })}</p>
      </div>

      <div className={css.layout}>
        <section className={`${card} ${stack}`} aria-labelledby="summary-title">
          <h2 id="summary-title" className={heading.section}>
            {t('checkout.summary.title')}
          </h2>
          {quote.lead && (
            <p className={notice.info} data-testid="checkout-lead">
              {quote.lead.name
                ? t('checkout.summary.forLead', { name: quote.lead.name, formType: quote.lead.formType })
                : t('checkout.summary.forForm', { formType: quote.lead.formType })}
            </p>
          )}

          <fieldset className={css.options} role="radiogroup" aria-labelledby="plan-legend">
            <legend id="plan-legend" className={css.legend}>
              {t('checkout.plan.legend')}
            </legend>
            {quote.options.map((o) => (
              <PlanOption
                key={o.product}
                option={o}
                checked={o.product === option.product}
                disabled={busy || !o.available}
                onSelect={() => flow.send({ type: 'PLAN.SELECT', product: o.product })}
              />
            ))}
          </fieldset>

          <PriceLines price={option.price} service={quote.service} product={option.product} charged="today" />

          <div className={`${notice.warning} ${stack}`} data-testid="government-fee">
            <p>{t('checkout.government.fee', { amount: money(option.price.governmentFee / 100, { cents: true }), service: quote.service })}</p>
            <p>
              <a href={quote.officialSite} target="_blank" rel="noopener noreferrer">
                {t('checkout.government.link', { service: quote.service })}
                <span className="visually-hidden"> {t('newTab')}</span>
              </a>
            </p>
            <p className={small}>{t('checkout.government.private')}</p>
          </div>

          {FEATURES.some((f) => option.features[f]) && (
            <div>
              <h3 className={heading.section}>{t('checkout.summary.includes')}</h3>
              <ul className={css.features}>
                {FEATURES.filter((f) => option.features[f]).map((f) => (
                  <li key={f}>{t(`features.${f}`)}</li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section className={`${card} ${stack}`} aria-labelledby="payment-title">
          <CardForm
            email={email}
            details={details}
            errors={errors}
            busy={busy}
            paying={paying}
            payLabel={t('checkout.pay', { amount: total })}
            onChange={(field: CheckoutField, value: string) => flow.send({ type: 'FIELD.CHANGE', field, value })}
            onPay={pay}
          />
          <Link to={ROUTES.pricing}>{t('back.pricing')}</Link>
        </section>
      </div>
    </div>
  );
}

function PlanOption({ option, checked, disabled, onSelect }: { option: QuoteOption; checked: boolean; disabled: boolean; onSelect: () => void }) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const id = `plan-option-${option.product}`;
  return (
    <label className={css.option} htmlFor={id}>
      <input
        id={id}
        type="radio"
        name="plan"
        className={css.optionRadio}
        value={option.product}
        checked={checked}
        disabled={disabled}
        aria-describedby={option.available ? undefined : `${id}-owned`}
        onChange={onSelect}
      />
      <span className={css.optionBody}>
        <span className={css.optionHead}>
          <span>{t(`products.${option.product}`)}</span>
          {/* What the card would be charged for this option: the same figure as the summary's and the Pay button's. */}
          <span>{money(option.price.total / 100, { cents: true })}</span>
        </span>
        <span className={`${muted} ${small}`}>{t(`checkout.plan.describe.${option.product}`)}</span>
        {option.price.credit > 0 && option.available && (
          <span className={`${muted} ${small}`}>{t('checkout.plan.credit', { credit: money(option.price.credit / 100) })}</span>
        )}
        {!option.available && (
          <span id={`${id}-owned`} className={small}>
            {t('checkout.plan.owned')}
          </span>
        )}
      </span>
    </label>
  );
}
