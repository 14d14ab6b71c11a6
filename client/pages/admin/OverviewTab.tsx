import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsDto } from '../../../openapi/schemas/admin';
import { useLanguage } from '../../app/AppContext';
import { useFormat } from '../../app/format';
import { useCountryName } from '../../components/countries';
import { card, heading, muted, stack } from '../../styles/ui.css';
import * as css from './admin.css';

/** Overview (spec 1-core §2.10): top countries with flags, applicants' nationalities, DS-160 against ESTA. */
export function OverviewTab({ analytics }: { analytics: AnalyticsDto | null }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const countryName = useCountryName();
  const format = useFormat();
  const regionName = useMemo(() => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }), [language]);
  if (!analytics) return null;
  const { topCountries, topNationalities, visaTypeDistribution: visas } = analytics;
  const mostLeads = Math.max(1, ...topNationalities.map((n) => n.leads));

  return (
    <div className={css.twoColumns}>
      <section className={`${card} ${stack}`} aria-labelledby="top-countries">
        <div>
          <h2 id="top-countries" className={heading.section}>
            {t('overview.countries')}
          </h2>
          <p className={muted}>{t('overview.countriesHint')}</p>
        </div>
        {topCountries.length === 0 ? (
          <p className={muted}>{t('overview.noCountries')}</p>
        ) : (
          <ul className={css.plainList} data-testid="top-countries">
            {topCountries.map((c) => (
              <li key={c.code ?? 'unknown'} className={css.listRow}>
                <span className={css.flag} aria-hidden="true">
                  {c.flag}
                </span>
                <span className={css.grow}>{c.code ? regionName.of(c.code) : t('overview.unknownCountry')}</span>
                <span className={css.bar} aria-hidden="true">
                  <span className={css.barFill} style={{ width: `${c.share}%`, display: 'block' }} />
                </span>
                <span>
                  {t('overview.visitors', { count: c.visitors })} ({format.percent(c.share)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={`${card} ${stack}`} aria-labelledby="visa-types">
        <h2 id="visa-types" className={heading.section}>
          {t('overview.distribution')}
        </h2>
        {visas.total === 0 ? (
          <p className={muted}>{t('overview.noApplications')}</p>
        ) : (
          <ul className={css.plainList} data-testid="visa-types">
            {(['ds160', 'esta'] as const).map((type) => (
              <li key={type} className={css.listRow}>
                <span className={css.grow}>{type === 'ds160' ? 'DS-160' : 'ESTA'}</span>
                <span className={css.bar} aria-hidden="true">
                  <span className={css.barFill} style={{ width: `${visas[type]}%`, display: 'block' }} />
                </span>
                <span>{format.percent(visas[type])}</span>
              </li>
            ))}
            <li className={muted}>{t('overview.totalApplications', { count: visas.total })}</li>
          </ul>
        )}

        <h2 id="nationalities" className={heading.section}>
          {t('overview.nationalities')}
        </h2>
        {topNationalities.length === 0 ? (
          <p className={muted}>{t('overview.noNationalities')}</p>
        ) : (
          <ul className={css.plainList} aria-labelledby="nationalities">
            {topNationalities.map((n) => (
              <li key={n.name} className={css.listRow}>
                <span className={css.grow}>{countryName(n.name)}</span>
                <span className={css.bar} aria-hidden="true">
                  <span className={css.barFill} style={{ width: `${(n.leads / mostLeads) * 100}%`, display: 'block' }} />
                </span>
                <span>{t('overview.leadsCount', { count: n.leads })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
