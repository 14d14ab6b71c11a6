import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { flagOf, findCountry } from '../../../machines/domain/countries';
import { STORAGE_KEYS } from '../../../machines/startChoice';
import { visaWizardMachine } from '../../../machines/visaWizard.machine';
import { makeEligibilityActors } from '../../api/actors/eligibility';
import { fetchTransport } from '../../api/transport';
import { useLanguage } from '../../app/AppContext';
import { readStorage, writeStorage } from '../../app/storage';
import { useFlow } from '../../app/useFlow';
import { useStepHistory } from '../../app/useStepHistory';
import { usePageMeta } from '../../app/usePageMeta';
import { useCountryName } from '../../components/countries';
import { CountrySearch } from '../../components/CountrySearch';
import { Fact } from '../../components/Fact';
import { PriceHeadline } from '../../components/PriceStory';
import { PurposePicker } from '../../components/PurposePicker';
import { Spinner } from '../../components/Spinner';
import * as startCss from '../../components/start.css';
import { badge, button, card, factList, grid, heading, muted, narrow, notice, page, row, spread, stack } from '../../styles/ui.css';

const machine = visaWizardMachine.provide({
  actors: makeEligibilityActors(fetchTransport),
  actions: {
    persistChoice: (_, choice) => {
      writeStorage('session', STORAGE_KEYS.country, choice.country);
      writeStorage('session', STORAGE_KEYS.purpose, choice.purpose);
      if (choice.visaType) writeStorage('session', STORAGE_KEYS.visaType, choice.visaType);
    },
  },
});

const STEPS = ['step1', 'step2', 'step3'] as const;
const stepTag = (s: SnapshotFrom<typeof machine>) => STEPS.find((tag) => s.hasTag(tag)) ?? 'step3';
/** The step in the URL (?step=), counted from 1; none while the recommendation loads. */
const stepNumber = (s: SnapshotFrom<typeof machine>) => (s.hasTag('busy') ? null : STEPS.indexOf(stepTag(s)) + 1);
/** A reload (or a history entry) on step 2 or 3 resumes there. */
const RESUME = { 2: 'recommended', 3: 'choosingMethod' } as const;
const METHODS = [
  { method: 'form', event: 'METHOD.FORM', icon: '📝' },
  { method: 'chat', event: 'METHOD.CHAT', icon: '💬' },
] as const;

export default function VisaWizardPage() {
  const { t } = useTranslation('start');
  const { language } = useLanguage();
  const nameOf = useCountryName();
  usePageMeta('apply');
  const [params] = useSearchParams();
  const ref = useFlow(machine, {
    language,
    country: readStorage('session', STORAGE_KEYS.country),
    purpose: readStorage('session', STORAGE_KEYS.purpose),
    resumeAt: RESUME[Number(params.get('step')) as 2 | 3] ?? null,
  });
  const step = useSelector(ref, stepTag);
  const screen = useSelector(ref, (s) =>
    s.hasTag('busy') ? 'loading' : s.matches('recommendFailed') ? 'failed' : s.matches('noDocumentNeeded') ? 'noDocument' : step,
  );
  const query = useSelector(ref, (s) => s.context.query);
  const country = useSelector(ref, (s) => s.context.country);
  const purpose = useSelector(ref, (s) => s.context.purpose);
  const facts = useSelector(ref, (s) => s.context.facts);
  const canContinue = useSelector(ref, (s) => s.can({ type: 'CONTINUE' }));
  const title = useRef<HTMLHeadingElement>(null);

  // The step is in the URL: the browser's Back and Forward move between steps, a reload stays on the step.
  useStepHistory('step', ref, stepNumber, {
    back: () => ref.send({ type: 'BACK' }),
    forward: () => ref.send({ type: step === 'step1' ? 'CONTINUE' : 'START' }),
  });

  // Focus follows the step, so keyboard and screen-reader users land on the new content.
  useEffect(() => {
    if (screen !== 'step1') title.current?.focus();
  }, [screen]);

  const esta = facts?.visaType === 'ESTA';
  const back = (
    <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'BACK' })}>
      {t('back')}
    </button>
  );
  const stepIndex = STEPS.indexOf(step);

  return (
    <div className={`${narrow} ${page}`}>
      <ol className={startCss.stepper} aria-label={t('visaWizard.progress')}>
        {STEPS.map((s, i) => (
          <li key={s} className={startCss.stepItem} aria-current={s === step ? 'step' : undefined} data-done={i < stepIndex}>
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
              {facts.visaType}
            </span>
          </div>
          <dl className={factList}>
            <Fact term={t('facts.nationality')} value={`${flagOf(findCountry(country)?.code ?? '')} ${nameOf(country)}`} />
            <Fact term={t('facts.purpose')} value={t(`purpose.${purpose}.title`)} />
            <Fact term={t('facts.processing')} value={t(facts.processingTimeKey)} />
            <Fact term={t('facts.validity')} value={t(facts.validityKey)} />
            <Fact term={t('facts.maxStay')} value={t('facts.days', { count: facts.maxStayDays })} />
          </dl>
          {facts.price && (
            <div data-testid="visa-wizard-price">
              <p className={muted}>{t('facts.cost')}</p>
              <PriceHeadline price={facts.price} service={esta ? 'ESTA' : 'DS-160'} product={esta ? 'esta' : 'basic'} from={!esta} />
            </div>
          )}
          <p className={muted}>{t(esta ? 'visaWizard.step2.estaNote' : 'visaWizard.step2.ds160Note')}</p>
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
            {METHODS.map(({ method, event, icon }) => (
              <button
                key={method}
                type="button"
                className={startCss.purposeCard}
                onClick={() => ref.send({ type: event })}
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
