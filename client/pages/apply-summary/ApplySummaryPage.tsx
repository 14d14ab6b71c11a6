import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { applySummaryFlow, applySummaryView } from '../../../machines/applySummary.view';
import { useMoney } from '../../app/money';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { useCountryName } from '../../components/countries';
import { Fact } from '../../components/Fact';
import { PriceLines } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import * as startCss from '../../components/start.css';
import { badge, button, card, factList, heading, muted, narrow, notice, page, row, spread, stack } from '../../styles/ui.css';

export default function ApplySummaryPage() {
  const { t } = useTranslation('start');
  const nameOf = useCountryName();
  const money = useMoney();
  usePageMeta('apply');
  const ref = useFlow(applySummaryFlow);
  const { screen, facts, type, changeType, showSwitch, basedOnOther, price } = useSelector(ref, applySummaryView, shallowEqual);
  const state = screen === 'missingChoice' ? 'missing' : screen === 'noDocumentNeeded' ? 'noDocument' : screen;

  if (state === 'loading') return <Spinner label={t('summary.loading')} />;

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="summary-title">
        <h1 id="summary-title" className={heading.page}>
          {t('summary.title')}
        </h1>
        {state === 'missing' && <p role="alert">{t('summary.missing')}</p>}
        {state === 'noDocument' && (
          <div className={stack} role="status">
            <h2 className={heading.section}>{t('noDocument.title')}</h2>
            <p className={notice.info}>{t('noDocument.body')}</p>
          </div>
        )}
        {state === 'failed' && (
          <div role="alert" className={stack}>
            <p>{t('summary.failed')}</p>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('retry')}
            </button>
          </div>
        )}
        {state === 'ready' && facts && (
          <>
            <div className={spread}>
              <span className={muted}>{t('summary.recommended')}</span>
              <span className={badge.brand} data-testid="summary-type">
                {type}
              </span>
            </div>
            {basedOnOther && <p className={muted}>{t('summary.basedOn', { country: nameOf(facts.country) })}</p>}
            <dl className={factList}>
              <Fact term={t('facts.nationality')} value={nameOf(facts.country)} />
              <Fact term={t('facts.maxStay')} value={t('facts.days', { count: facts.maxStayDays })} testId="summary-stay" />
              <Fact term={t('facts.visaType')} value={type ?? ''} />
              <Fact term={t('facts.processing')} value={t(facts.processingTimeKey)} />
              <Fact term={t('facts.requirements')} value={String(facts.requirements.length)} testId="summary-requirements" />
            </dl>
            {price && (
              <section className={stack} aria-labelledby="summary-cost-title" data-testid="summary-cost">
                <h2 id="summary-cost-title" className={heading.section}>
                  {t(price.from ? 'facts.costFrom' : 'facts.cost')}
                </h2>
                <PriceLines price={price.price} service={price.service} product={price.product} />
              </section>
            )}
            <details>
              <summary>{t('summary.showRequirements')}</summary>
              <ul>
                {facts.requirements.map((key) => (
                  <li key={key}>{t(key, { fee: money(facts.governmentFee, { cents: true }) })}</li>
                ))}
              </ul>
            </details>
            {showSwitch && (
              <label className={startCss.switchRow}>
                <input
                  type="checkbox"
                  role="switch"
                  className={startCss.switchTrack}
                  checked={changeType}
                  onChange={() => ref.send({ type: 'TYPE.TOGGLE' })}
                />
                {t('summary.changeType')}
              </label>
            )}
            {changeType && (
              <p className={notice.info} role="note">
                {t('summary.changeTypeHint')}
              </p>
            )}
          </>
        )}
        <div className={row}>
          <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'BACK' })}>
            {t('back')}
          </button>
          {state === 'ready' && (
            <>
              <button type="button" className={button.primary} onClick={() => ref.send({ type: 'APPLY' })}>
                {t('summary.apply')}
              </button>
              <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'APPLY.GROUP' })} data-testid="apply-group">
                {t('summary.applyGroup')}
              </button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
