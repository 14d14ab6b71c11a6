import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { applyStartFlow, applyStartView } from '../../../machines/applyStart.view';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { CountrySearch } from '../../components/CountrySearch';
import { PurposePicker } from '../../components/PurposePicker';
import * as startCss from '../../components/start.css';
import { button, card, heading, muted, narrow, page, row, stack } from '../../styles/ui.css';

export default function ApplyPage() {
  const { t } = useTranslation('start');
  usePageMeta('apply');
  const ref = useFlow(applyStartFlow);
  const { query, country, purpose, multipleCitizenship: multiple, otherQuery, otherCountry, canContinue, missing } = useSelector(ref, applyStartView, shallowEqual);

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="apply-title">
        <h1 id="apply-title" className={heading.page}>
          {t('apply.title')}
        </h1>
        <p className={muted}>{t('apply.lead')}</p>
        <CountrySearch
          label={t('country.label')}
          query={query}
          selected={country}
          onQueryChange={(q) => ref.send({ type: 'QUERY.CHANGE', query: q })}
          onSelect={(c) => ref.send({ type: 'COUNTRY.SELECT', country: c })}
          onClear={() => ref.send({ type: 'COUNTRY.CLEAR' })}
        />
        <label className={startCss.switchRow}>
          <input type="checkbox" checked={multiple} onChange={() => ref.send({ type: 'MULTIPLE_CITIZENSHIP.TOGGLE' })} />
          {t('apply.multipleCitizenship')}
        </label>
        {multiple && (
          <CountrySearch
            label={t('apply.otherCitizenship')}
            query={otherQuery}
            selected={otherCountry}
            onQueryChange={(q) => ref.send({ type: 'OTHER.QUERY.CHANGE', query: q })}
            onSelect={(c) => ref.send({ type: 'OTHER.COUNTRY.SELECT', country: c })}
            onClear={() => ref.send({ type: 'OTHER.COUNTRY.CLEAR' })}
          />
        )}
        <PurposePicker variant="buttons" value={purpose} onSelect={(p) => ref.send({ type: 'PURPOSE.SELECT', purpose: p })} />
        {missing && <p className={muted}>{t(missing === 'other' ? 'apply.needOther' : 'apply.needBoth')}</p>}
        <div className={row}>
          <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'HOME' })}>
            {t('backHome')}
          </button>
          <button type="button" className={button.primary} disabled={!canContinue} onClick={() => ref.send({ type: 'CONTINUE' })}>
            {t('apply.continue')}
          </button>
        </div>
      </section>
    </div>
  );
}
