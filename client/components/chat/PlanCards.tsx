import { useTranslation } from 'react-i18next';
import { useSiteData } from '../../app/siteData';
import type { PriceDto } from '../../../openapi/schemas/orders';
import { PriceHeadline, type PricedProduct } from '../PriceStory';
import { Spinner } from '../Spinner';
import * as pricing from '../../pages/pricing/pricing.css';
import * as chat from './chat.css';
import { button, heading, stack } from '../../styles/ui.css';

type Plan = 'basic' | 'pro' | 'elite';
const PLANS: readonly Plan[] = ['basic', 'pro', 'elite'];
/** The spec's recommended plan (3-ai §2.4). */
const RECOMMENDED: Plan = 'pro';
/** The product each card sells: the chats call Premium "Elite" (spec 3-ai §2.4). */
const PRODUCT: Record<Plan, PricedProduct> = { basic: 'basic', pro: 'pro', elite: 'premium' };

/**
 * The chats' plan cards: Básico, Pro (recommended) and Elite with the server's price story; an ESTA is one
 * service, so it gets one card. Each opens its checkout link in a new tab (`urls`), or is handed to the chat
 * (`onChoose`).
 */
export function PlanCards({
  kind,
  urls,
  prices: own,
  onChoose,
  busy,
}: {
  kind: 'ds160' | 'esta';
  urls?: Record<Plan, string>;
  /** This application's own prices (its visa class's government fees), when the server gave them; else the list's. */
  prices?: Partial<Record<PricedProduct, PriceDto>> | null;
  onChoose?: (plan: Plan) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('aiassistant');
  const { t: tc } = useTranslation();
  const { prices: listed } = useSiteData();
  const prices = listed && { ...listed, ...own };
  // No page holds a fee: the cards wait for the server's prices.
  if (!prices) return <Spinner label={tc('price.loading')} />;
  const cards: { id: Plan | 'esta'; plan: Plan; product: PricedProduct }[] =
    kind === 'esta' ? [{ id: 'esta', plan: 'basic', product: 'esta' }] : PLANS.map((plan) => ({ id: plan, plan, product: PRODUCT[plan] }));
  return (
    <section className={stack} aria-labelledby="chat-plans-title" data-testid="chat-plans">
      <h2 id="chat-plans-title" className={heading.section}>
        {t('plans.title')}
      </h2>
      <ul className={`${pricing.plans} ${chat.bareList}`} role="list">
        {cards.map(({ id, plan, product }) => {
          const name = t(`plans.${id}`);
          const features = Object.values(t(`plans.features.${id}`, { returnObjects: true }) as Record<string, string>);
          return (
            <li key={id} className={`${pricing.planCard} ${id === RECOMMENDED ? pricing.popular : ''}`} data-testid={`chat-plan-${id}`}>
              {id === RECOMMENDED && <span className={pricing.popularBadge}>{t('plans.recommended')}</span>}
              <h3 className={heading.section}>{name}</h3>
              <PriceHeadline price={prices[product]} service={product === 'esta' ? 'ESTA' : 'DS-160'} product={product} />
              <ul>
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {urls ? (
                <a className={id === RECOMMENDED ? button.primary : button.secondary} href={urls[plan]} target="_blank" rel="noopener noreferrer">
                  {t('plans.choose', { plan: name })}
                  <span className="visually-hidden"> ({t('plans.newTab')})</span>
                </a>
              ) : (
                <button type="button" className={id === RECOMMENDED ? button.primary : button.secondary} disabled={busy} onClick={() => onChoose?.(plan)}>
                  {t('plans.choose', { plan: name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
