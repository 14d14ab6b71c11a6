import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HERO_LANGUAGES } from '../../../machines/landing.view';
import { ROUTES } from '../../../machines/domain/routes';
import { useLanguage } from '../../app/AppContext';
import { useFormat } from '../../app/format';
import { useSiteData } from '../../app/siteData';
import { usePageMeta } from '../../app/usePageMeta';
import { PriceHeadline } from '../../components/PriceStory';
import { button, card, container, grid, muted, stack } from '../../styles/ui.css';
import * as css from './landing.css';

// Drawn, not emoji: a device without an emoji font drew empty boxes (issue 45 item 12).
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const ICONS = {
  ai: (
    <>
      <rect x="5" y="8" width="14" height="11" rx="2" {...stroke} />
      <path d="M12 4v4M9 13h.01M15 13h.01M9 16h6" {...stroke} />
    </>
  ),
  fast: (
    <>
      <circle cx="12" cy="13" r="8" {...stroke} />
      <path d="M12 9v4l3 2M10 2h4" {...stroke} />
    </>
  ),
  secure: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" {...stroke} />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" {...stroke} />
    </>
  ),
  languages: (
    <>
      <circle cx="12" cy="12" r="9" {...stroke} />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" {...stroke} />
    </>
  ),
} as const;
const FEATURES = ['ai', 'fast', 'secure', 'languages'] as const;

const STEPS = ['choose', 'recommend', 'complete'] as const;
// Every language the site speaks, each in its own name (issue 45 item 12: the hero offered English and Spanish only).
const SWITCHER = HERO_LANGUAGES;

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
            {FEATURES.map((key) => (
              <article key={key} className={`${card} ${stack}`}>
                <span className={css.tileIcon} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="28" height="28" focusable="false" data-feature-icon={key}>
                    {ICONS[key]}
                  </svg>
                </span>
                <h3>{t(`features.${key}.title`)}</h3>
                <p className={muted}>{t(`features.${key}.body`)}</p>
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
