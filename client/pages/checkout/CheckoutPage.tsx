import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { checkoutFlow, checkoutKind, checkoutView, type CheckoutField } from '../../../machines/checkout.view';
import type { PlanFeaturesDto } from '../../../openapi/schemas/plans';
import type { QuoteOption } from '../../../openapi/schemas/orders';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useAddress, useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { PriceLines } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import { button, card, container, heading, muted, notice, page, row, small, stack } from '../../styles/ui.css';
import * as css from './checkout.css';
import { CardForm } from './CardForm';
import { GroupCheckout } from './GroupCheckout';
import { OwnedPackage, type CheckoutRef } from './OwnedPackage';

const FEATURES: readonly (keyof PlanFeaturesDto)[] = ['wizardAccess', 'estaCheck', 'aiAnalysis', 'documentReview', 'interviewPrep', 'prioritySupport'];

export default function CheckoutPage() {
  // The group's one checkout (issue 36): the same route, its own machine and view.
  return useAddress(checkoutKind) === 'group' ? <GroupCheckout /> : <SingleCheckout />;
}

function SingleCheckout() {
  const { t } = useTranslation('commerce');
  const { branding } = useSiteData();
  usePageMeta('checkout', branding.brandName);
  const ref = useFlow(checkoutFlow);
  const state = useSelector(ref, (s) => checkoutView(s).screen);

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
            <Link route="home" className={button.primary}>
              {t('checkout.invalidPlan.home')}
            </Link>
            <Link route="pricing" className={button.secondary}>
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
            <Link route="pricing" className={button.secondary}>
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
  const { quote, option, details, email, errors, paying, busy, family } = useSelector(flow, checkoutView, shallowEqual);

  if (!quote || !option) return null;

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
          {family && (
            <p className={notice.info} data-testid="checkout-family">
              {t('family.before')}{' '}
              <Link to={family.addFamily} data-testid="add-family">
                {t('family.add')}
              </Link>
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
            onPay={() => flow.send({ type: 'PAY' })}
          />
          {family ? (
            <Link to={family.form} data-testid="checkout-back-form">
              {t('family.back')}
            </Link>
          ) : (
            <Link route="pricing">{t('back.pricing')}</Link>
          )}
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
