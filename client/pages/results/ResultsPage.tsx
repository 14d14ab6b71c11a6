import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { resultsFlow, resultsView, type ShownFactor } from '../../../machines/results.view';
import { useLanguage } from '../../app/AppContext';
import { useMoney } from '../../app/money';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Fact } from '../../components/Fact';
import { GovernmentFees } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import { button, card, factList, heading, muted, narrow, notice, page, row, stack } from '../../styles/ui.css';
import * as css from './results.css';

const ESTA_SITE = 'https://esta.cbp.dhs.gov/';
const APPOINTMENT_SITE = 'https://ais.usvisa-info.com/';

export default function ResultsPage() {
  const { t } = useTranslation(['results', 'analysis', 'start', 'catalog']);
  const { language } = useLanguage();
  const money = useMoney();
  usePageMeta('results');
  const ref = useFlow(resultsFlow);
  const { screen: state, analysis, esta } = useSelector(ref, resultsView, shallowEqual);

  if (state === 'loading') return <Spinner label={t('loading')} />;

  const startNew = (
    <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'START_NEW' })}>
      {t('next.startNew')}
    </button>
  );

  if (state === 'failed' || state === 'noData' || !analysis) {
    return (
      <div className={`${narrow} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="results-title">
          <h1 id="results-title" className={heading.page}>
            {state === 'failed' ? t('failed.title') : t('noData.title')}
          </h1>
          {state === 'failed' ? (
            <div role="alert" className={stack}>
              <p>{t('failed.body')}</p>
              <div className={row}>
                <button type="button" className={button.primary} onClick={() => ref.send({ type: 'RETRY' })}>
                  {t('retry')}
                </button>
                {startNew}
              </div>
            </div>
          ) : (
            <>
              <p>{t('noData.body')}</p>
              <div>
                <button type="button" className={button.primary} onClick={() => ref.send({ type: 'START_NEW' })}>
                  {t('noData.action')}
                </button>
              </div>
            </>
          )}
        </section>
      </div>
    );
  }

  const { band } = analysis;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(analysis.probability / 100);
  // Each finding names the answer it came from, so the applicant knows what to check or change.
  const factor = (f: ShownFactor): FactorItem => ({
    text: t(f.key, { ...f.params, ns: 'analysis' }),
    source: f.sourceKey ? t('fromAnswer', { question: t(f.sourceKey) }) : null,
  });
  const newTab = <span className="visually-hidden"> {t('newTab')}</span>;

  return (
    <div className={`${narrow} ${page} ${stack} ${css.printRoot}`}>
      <h1 className={heading.page}>{t('title', { product: analysis.formType })}</h1>

      <section className={`${card} ${stack}`} aria-labelledby="probability-title">
        <h2 id="probability-title" className={heading.section}>
          {t('probability.title')}
        </h2>
        <div className={css.probability}>
          <p className={css.percent[band]} data-testid="approval-probability" data-band={band}>
            {percent}
          </p>
          <span className={css.band[band]}>{t(`probability.bands.${band}`)}</span>
        </div>
        <div className={css.meter} aria-hidden="true">
          <div className={css.meterFill[band]} style={{ width: `${analysis.probability}%` }} />
        </div>
        <p className={muted}>{t('probability.disclaimer')}</p>
      </section>

      <div className={css.columns}>
        <FactorCard id="strengths" title={t('strengths.title')} empty={t('strengths.empty')} items={analysis.strengths.map(factor)} />
        <FactorCard id="risks" title={t('risks.title')} empty={t('risks.empty')} items={analysis.risks.map(factor)} />
      </div>

      <FactorCard id="recommendations" title={t('recommendations.title')} empty={t('recommendations.empty')} items={analysis.recommendations.map(factor)} />

      <section className={`${card} ${stack}`} aria-labelledby="esta-title">
        <div className={css.cardHead}>
          <h2 id="esta-title" className={heading.section}>
            {t('esta.title')}
          </h2>
          {esta && (
            <span className={css.estaBadge[esta.isEligible ? 'eligible' : 'required']} data-testid="esta-badge">
              {esta.isEligible ? t('esta.eligible') : t('esta.required')}
            </span>
          )}
        </div>
        {!esta && <p className={muted}>{t('esta.unavailable')}</p>}
        {esta?.isEligible && (
          <>
            <p>{t('esta.eligibleBody')}</p>
            <dl className={factList}>
              <Fact term={t('esta.processing')} value={t(esta.processTime, { ns: 'start' })} />
              <Fact term={t('esta.cost')} value={t('esta.costValue', { amount: money(esta.cost / 100) })} />
            </dl>
            <GovernmentFees fees={esta.governmentFees} product="esta" compact />
            <div className={css.noPrint}>
              <a href={ESTA_SITE} target="_blank" rel="noopener noreferrer" className={button.primary}>
                {t('esta.apply')}
                {newTab}
              </a>
            </div>
          </>
        )}
        {esta && !esta.isEligible && <p>{t('esta.requiredBody')}</p>}
      </section>

      {analysis.missing.length > 0 && (
        <FactorCard id="missing" title={t('missing.title')} empty="" items={analysis.missing.map(factor)} intro={t('missing.intro')} />
      )}

      <section className={`${card} ${stack} ${css.noPrint}`} aria-labelledby="next-title">
        <h2 id="next-title" className={heading.section}>
          {t('next.title')}
        </h2>
        <div className={row}>
          <button type="button" className={button.primary} onClick={() => ref.send({ type: 'PRINT' })}>
            {t('next.download')}
          </button>
          <a href={APPOINTMENT_SITE} target="_blank" rel="noopener noreferrer" className={button.secondary}>
            {t('next.schedule')}
            {newTab}
          </a>
          {startNew}
        </div>
      </section>

      <p className={notice.info}>{t('disclaimer')}</p>
    </div>
  );
}

interface FactorItem {
  text: string;
  /** 'From your answer to …', when the finding came from one answer. */
  source: string | null;
}

interface FactorCardProps {
  id: string;
  title: string;
  items: FactorItem[];
  /** Said when the list is empty. */
  empty: string;
  intro?: string;
}

function FactorCard({ id, title, items, empty, intro }: FactorCardProps) {
  return (
    <section className={`${card} ${stack}`} aria-labelledby={`${id}-title`} data-testid={`results-${id}`}>
      <h2 id={`${id}-title`} className={heading.section}>
        {title}
      </h2>
      {intro && <p className={muted}>{intro}</p>}
      {items.length === 0 ? (
        <p className={muted}>{empty}</p>
      ) : (
        <ul className={css.factors}>
          {items.map(({ text, source }, i) => (
            <li key={i}>
              {text}
              {source && <span className={css.source}>{source}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
