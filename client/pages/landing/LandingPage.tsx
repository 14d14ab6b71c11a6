import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../machines/domain/routes';
import { useLanguage } from '../../app/AppContext';
import { useFormat } from '../../app/format';
import { useSiteData } from '../../app/siteData';
import { usePageMeta } from '../../app/usePageMeta';
import { PriceHeadline } from '../../components/PriceStory';
import { button, card, container, grid, muted, stack } from '../../styles/ui.css';
import * as css from './landing.css';

const FEATURES = [
  { key: 'ai', icon: '🤖' },
  { key: 'fast', icon: '⏱️' },
  { key: 'secure', icon: '🔒' },
  { key: 'languages', icon: '🌎' },
] as const;

const STEPS = ['choose', 'recommend', 'complete'] as const;
const SWITCHER = ['en', 'es'] as const;

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const { branding, prices, figures } = useSiteData();
  const { language, change } = useLanguage();
  const format = useFormat();
  usePageMeta('home', branding.brandName);
  const claims = [
    ...(figures?.applicationsPrepared != null
      ? [t('claims.prepared', { count: figures.applicationsPrepared, formatted: format.number(figures.applicationsPrepared), days: figures.periodDays })]
      : []),
    ...(figures?.medianMinutes != null ? [t('claims.median', { minutes: format.minutes(figures.medianMinutes) })] : []),
  ];

  return (
    <>
      <section className={css.hero} aria-labelledby="hero-title">
        <div className={container}>
          <div className={css.switcher} role="group" aria-label={t('switcher.label')}>
            {SWITCHER.map((code) => (
              <button key={code} type="button" className={css.switchButton} aria-pressed={language === code} onClick={() => change(code)}>
                {t(`switcher.${code}`)}
              </button>
            ))}
          </div>
          <h1 id="hero-title" className={css.heroTitle}>
            {branding.brandName} <span className={css.heroAccent}>{t('hero.consular')}</span>
          </h1>
          <p className={css.heroLead}>{t('hero.lead')}</p>
          <div className={css.heroActions}>
            <Link to={ROUTES.visaWizard} className={`${button.secondary} ${css.heroButton}`}>
              {t('hero.start')}
            </Link>
            <Link to={ROUTES.aiChatSections} className={`${button.secondary} ${css.heroGhost}`}>
              {t('hero.smartChat')}
            </Link>
          </div>
          {/* Only figures the server counted from its own records, with their period; none rather than a made-up one. */}
          {claims.length > 0 && (
            <ul className={css.claims} aria-label={t('claims.label')} data-testid="landing-claims">
              {claims.map((claim) => (
                <li key={claim}>{claim}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <div className={container}>
        <aside className={css.disclaimer} aria-label={t('disclaimer.label')}>
          <strong>{t('disclaimer.title')}</strong> {t('disclaimer.body')}
        </aside>

        <section className={css.section} aria-labelledby="features-title">
          <h2 id="features-title" className={css.sectionTitle}>
            {t('features.title')}
          </h2>
          <div className={grid}>
            {FEATURES.map((f) => (
              <article key={f.key} className={`${card} ${stack}`}>
                <span className={css.tileIcon} aria-hidden="true">
                  {f.icon}
                </span>
                <h3>{t(`features.${f.key}.title`)}</h3>
                <p className={muted}>{t(`features.${f.key}.body`)}</p>
              </article>
            ))}
          </div>
        </section>

        <section className={css.section} aria-labelledby="how-title">
          <h2 id="how-title" className={css.sectionTitle}>
            {t('how.title')}
          </h2>
          <ol className={`${grid} ${css.steps}`}>
            {STEPS.map((step, i) => (
              <li key={step} className={`${card} ${stack}`}>
                <span className={css.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`how.${step}.title`)}</h3>
                <p className={muted}>{t(`how.${step}.body`)}</p>
              </li>
            ))}
          </ol>
        </section>

        {/* A section, not one link: each government fee's source is a link of its own. */}
        <section className={css.section} aria-labelledby="pricing-title">
          <div className={`${card} ${stack} ${css.pricingTile}`}>
            <h2 id="pricing-title">{t('pricing.title')}</h2>
            {/* The server's price story; until it has answered (a visit that did not start here), none. */}
            {prices && (
              <div className={grid}>
                <div>
                  <p className={muted}>{t('pricing.esta')}</p>
                  <PriceHeadline price={prices.esta} service="ESTA" product="esta" />
                </div>
                <div>
                  <p className={muted}>{t('pricing.ds160')}</p>
                  <PriceHeadline price={prices.basic} service="DS-160" product="basic" from />
                </div>
              </div>
            )}
            <p className={muted}>{t('pricing.who')}</p>
            <Link to={ROUTES.pricing} className={button.ghost}>
              {t('pricing.see')} →
            </Link>
          </div>
        </section>

        <section className={`${css.section}`} aria-labelledby="cta-title">
          <div className={css.cta}>
            <h2 id="cta-title" className={css.sectionTitle}>
              {t('cta.title')}
            </h2>
            <p>{t('cta.body')}</p>
            <Link to={ROUTES.visaWizard} className={button.primary}>
              {t('cta.button')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
