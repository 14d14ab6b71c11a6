import { shallowEqual, useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ESTA_APPLY_LINK, pricingFlow, pricingView } from '../../../machines/pricing.view';
import type { PriceDto } from '../../../openapi/schemas/orders';
import type { PlanDto, PlanFeaturesDto } from '../../../openapi/schemas/plans';
import { Link } from '../../app/Link';
import { useSiteData } from '../../app/siteData';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { PriceHeadline } from '../../components/PriceStory';
import { SpanishNotice } from '../../components/SpanishNotice';
import { Spinner } from '../../components/Spinner';
import { button, container, heading, muted, notice, page, stack } from '../../styles/ui.css';
import * as css from './pricing.css';

/** The six lines every package card shows, ticked by the plan's flags (spec 1-core §2.4). */
const FEATURES: readonly (keyof PlanFeaturesDto)[] = ['wizardAccess', 'estaCheck', 'aiAnalysis', 'documentReview', 'interviewPrep', 'prioritySupport'];

/** The ESTA card's six lines (spec 1-core §2.4). */
const ESTA_FEATURES = ['assistance', 'eligibility', 'review', 'validity', 'entries', 'support'] as const;

const FAQ = ['aiAnalysis', 'estaChecker', 'upgrade'] as const;

export default function PricingPage() {
  const { t } = useTranslation('commerce');
  const { branding } = useSiteData();
  usePageMeta('pricing', branding.brandName);
  const ref = useFlow(pricingFlow);
  const { screen: state, esta, plans, busy, purchasing } = useSelector(ref, pricingView, shallowEqual);

  return (
    <div className={`${container} ${page}`}>
      <nav className={css.toolbar} aria-label={t('pricing.accountNav')}>
        <Link route="login" className={button.ghost}>
          {t('pricing.signIn')}
        </Link>
        <Link route="login" query={{ tab: 'signup' }} className={button.secondary}>
          {t('pricing.signUp')}
        </Link>
        <Link route="home" className={button.secondary}>
          {t('back.home')}
        </Link>
      </nav>

      <header className={css.intro}>
        <h1 className={heading.page}>{t('pricing.title')}</h1>
        <p className={css.lead}>{t('pricing.lead')}</p>
      </header>

      {state === 'loading' && <Spinner label={t('pricing.loading')} />}

      {state === 'failed' && (
        <div role="alert" className={`${notice.warning} ${stack}`}>
          <p>{t('pricing.failed')}</p>
          <div>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('retry')}
            </button>
          </div>
        </div>
      )}

      {state === 'ready' && esta && (
        <>
          <EstaSection price={esta} />

          <section className={css.section} aria-labelledby="ds160-title">
            <h2 id="ds160-title" className={css.sectionTitle}>
              {t('pricing.ds160.title')}
            </h2>
            <p className={`${muted} ${css.intro}`}>{t('pricing.ds160.lead')}</p>
            <div className={css.plans}>
              {plans.map(({ plan, price, popular }) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  price={price as PriceDto}
                  popular={popular}
                  busy={busy}
                  processing={purchasing === plan.id}
                  onPurchase={() => ref.send({ type: 'PURCHASE', planId: plan.id })}
                />
              ))}
            </div>
          </section>
        </>
      )}

      <section className={css.section} aria-labelledby="faq-title">
        <h2 id="faq-title" className={css.sectionTitle}>
          {t('pricing.faq.title')}
        </h2>
        <div className={css.faq}>
          {FAQ.map((key) => (
            <article key={key} className={stack}>
              <h3 className={heading.section}>{t(`pricing.faq.${key}.question`)}</h3>
              <p className={muted}>{t(`pricing.faq.${key}.answer`)}</p>
            </article>
          ))}
        </div>
      </section>

      {/* Its own boundary: the page stays on screen while the Spanish text loads. */}
      <Suspense fallback={null}>
        <SpanishNotice className={css.disclaimer} titleId="pricing-legal-title" />
      </Suspense>
    </div>
  );
}

function EstaSection({ price }: { price: PriceDto }) {
  const { t } = useTranslation('commerce');
  return (
    <section className={css.section} aria-labelledby="esta-title">
      <h2 id="esta-title" className={css.sectionTitle}>
        {t('pricing.esta.section')}
      </h2>
      <article className={css.estaCard} data-testid="esta-card" aria-labelledby="esta-card-title">
        <h3 id="esta-card-title" className={heading.section}>
          {t('pricing.esta.title')}
        </h3>
        <p className={muted}>{t('pricing.esta.description')}</p>
        <PriceHeadline price={price} service="ESTA" product="esta" />
        <ul className={css.features}>
          {ESTA_FEATURES.map((key) => (
            <li key={key} className={css.feature}>
              <span className={css.tick} aria-hidden="true">
                ✓
              </span>
              <span>{t(`pricing.esta.features.${key}`)}</span>
            </li>
          ))}
        </ul>
        <Link to={ESTA_APPLY_LINK} className={`${button.primary} ${css.fullWidth}`}>
          {t('pricing.esta.apply')}
        </Link>
      </article>
    </section>
  );
}

interface PlanCardProps {
  plan: PlanDto;
  price: PriceDto;
  popular: boolean;
  busy: boolean;
  processing: boolean;
  onPurchase: () => void;
}

function PlanCard({ plan, price, popular, busy, processing, onPurchase }: PlanCardProps) {
  const { t } = useTranslation('commerce');
  const name = t(`products.${plan.id}`, { defaultValue: plan.name });
  const titleId = `plan-${plan.id}-title`;
  return (
    <article className={`${css.planCard} ${popular ? css.popular : ''}`} data-testid={`plan-card-${plan.id}`} aria-labelledby={titleId}>
      {popular && <span className={css.popularBadge}>{t('pricing.popular')}</span>}
      <h3 id={titleId} className={heading.section}>
        {name}
      </h3>
      <p className={muted}>{t(`pricing.plans.${plan.id}`)}</p>
      <div data-testid={`plan-price-${plan.id}`}>
        <PriceHeadline price={price} service="DS-160" product={plan.id} />
        <p className={muted}>{t('pricing.oneTime')}</p>
      </div>
      <ul className={css.features}>
        {FEATURES.map((feature) => {
          const included = plan.features[feature];
          return (
            <li key={feature} className={`${css.feature} ${included ? '' : css.excluded}`}>
              <span className={included ? css.tick : css.cross} aria-hidden="true">
                {included ? '✓' : '✗'}
              </span>
              <span>
                <span className="visually-hidden">{included ? t('features.state.included') : t('features.state.notIncluded')} </span>
                {t(`features.${feature}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={`${popular ? button.primary : button.secondary} ${css.fullWidth}`}
        data-testid={`purchase-${plan.id}`}
        disabled={busy}
        aria-busy={processing || undefined}
        onClick={onPurchase}
      >
        {processing ? t('processing') : t('pricing.purchase', { name })}
      </button>
    </article>
  );
}
