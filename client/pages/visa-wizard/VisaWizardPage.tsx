import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_METHODS, VISA_WIZARD_STEPS, visaWizardFlow, visaWizardView } from '../../../machines/visaWizard.view';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { useCountryName } from '../../components/countries';
import { CountrySearch } from '../../components/CountrySearch';
import { Fact } from '../../components/Fact';
import { PriceHeadline } from '../../components/PriceStory';
import { PurposePicker } from '../../components/PurposePicker';
import { Spinner } from '../../components/Spinner';
import * as startCss from '../../components/start.css';
import { badge, button, card, factList, grid, heading, muted, narrow, notice, page, row, spread, stack } from '../../styles/ui.css';

export default function VisaWizardPage() {
  const { t } = useTranslation('start');
  const nameOf = useCountryName();
  usePageMeta('apply');
  const ref = useFlow(visaWizardFlow);
  const view = useSelector(ref, visaWizardView, shallowEqual);
  const { step, screen, query, country, purpose, facts, canContinue } = view;
  const title = useRef<HTMLHeadingElement>(null);

  // Focus follows the step, so keyboard and screen-reader users land on the new content.
  useEffect(() => {
    if (screen !== 'step1') title.current?.focus();
  }, [screen]);

  const back = (
    <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'BACK' })}>
      {t('back')}
    </button>
  );

  return (
    <div className={`${narrow} ${page}`}>
      <ol className={startCss.stepper} aria-label={t('visaWizard.progress')}>
        {VISA_WIZARD_STEPS.map((s, i) => (
          <li key={s} className={startCss.stepItem} aria-current={s === step ? 'step' : undefined} data-done={i < view.stepIndex}>
            {t(`visaWizard.stepNames.${s}`)}
          </li>
        ))}
      </ol>

      {screen === 'step1' && (
        <section className={`${card} ${stack}`} aria-labelledby="vw-title">
          <h1 id="vw-title" className={heading.page}>
            {t('visaWizard.step1.title')}
          </h1>
          <CountrySearch
            label={t('country.label')}
            query={query}
            selected={country}
            quickPicks
            onQueryChange={(q) => ref.send({ type: 'QUERY.CHANGE', query: q })}
            onSelect={(c) => ref.send({ type: 'COUNTRY.SELECT', country: c })}
            onClear={() => ref.send({ type: 'COUNTRY.CLEAR' })}
          />
          <PurposePicker variant="cards" value={purpose} onSelect={(p) => ref.send({ type: 'PURPOSE.SELECT', purpose: p })} />
          <button type="button" className={button.primary} disabled={!canContinue} onClick={() => ref.send({ type: 'CONTINUE' })}>
            {canContinue ? t('visaWizard.step1.continue') : t('visaWizard.step1.incomplete')}
          </button>
        </section>
      )}

      {screen === 'loading' && <Spinner label={t('summary.loading')} />}

      {screen === 'noDocument' && (
        <StepCard title={t('noDocument.title')} heading={title}>
          <p className={notice.info} role="status">
            {t('noDocument.body')}
          </p>
          <div className={row}>
            {back}
          </div>
        </StepCard>
      )}

      {screen === 'failed' && (
        <StepCard title={t('visaWizard.step2.title')} heading={title}>
          <p role="alert">{t('summary.failed')}</p>
          <div className={row}>
            {back}
            <button type="button" className={button.primary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('retry')}
            </button>
          </div>
        </StepCard>
      )}

      {screen === 'step2' && facts && country && purpose && (
        <StepCard title={t('visaWizard.step2.title')} heading={title}>
          <div className={spread}>
            <span className={muted}>{t('visaWizard.step2.recommended')}</span>
            <span className={badge.brand} data-testid="recommended-type">
              {view.recommended}
            </span>
          </div>
          <dl className={factList}>
            <Fact term={t('facts.nationality')} value={`${view.flag} ${nameOf(country)}`} />
            <Fact term={t('facts.purpose')} value={t(`purpose.${purpose}.title`)} />
            <Fact term={t('facts.processing')} value={t(facts.processingTimeKey)} />
            <Fact term={t('facts.validity')} value={t(facts.validityKey)} />
            <Fact term={t('facts.maxStay')} value={t('facts.days', { count: facts.maxStayDays })} />
          </dl>
          {view.price && (
            <div data-testid="visa-wizard-price">
              <p className={muted}>{t('facts.cost')}</p>
              <PriceHeadline {...view.price} />
            </div>
          )}
          <p className={muted}>{t(view.esta ? 'visaWizard.step2.estaNote' : 'visaWizard.step2.ds160Note')}</p>
          <div className={row}>
            {back}
            <button type="button" className={button.primary} onClick={() => ref.send({ type: 'START' })}>
              {t('visaWizard.step2.start')}
            </button>
          </div>
        </StepCard>
      )}

      {screen === 'step3' && (
        <StepCard title={t('visaWizard.step3.title')} heading={title}>
          <div className={grid}>
            {APPLICATION_METHODS.map(({ method, event, icon }) => (
              <button
                key={method}
                type="button"
                className={startCss.purposeCard}
                onClick={() => ref.send(event)}
              >
                <span className={startCss.purposeIcon} aria-hidden="true">
                  {icon}
                </span>
                <strong>{t(`visaWizard.step3.${method}`)}</strong>
                <span>{t(`visaWizard.step3.${method}Body`)}</span>
              </button>
            ))}
          </div>
          <div className={row}>
            {back}
          </div>
        </StepCard>
      )}
    </div>
  );
}

/** A step's card, its heading focusable so focus can follow the step. */
function StepCard({ title, heading: headingRef, children }: { title: string; heading: React.Ref<HTMLHeadingElement>; children: React.ReactNode }) {
  return (
    <section className={`${card} ${stack}`} aria-labelledby="vw-title">
      <h1 id="vw-title" ref={headingRef} tabIndex={-1} className={heading.page}>
        {title}
      </h1>
      {children}
    </section>
  );
}
