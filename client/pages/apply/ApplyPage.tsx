import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { applyStartMachine } from '../../../machines/applyStart.machine';
import { STORAGE_KEYS } from '../../../machines/startChoice';
import { readStorage, writeStorage } from '../../app/storage';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { CountrySearch } from '../../components/CountrySearch';
import { PurposePicker } from '../../components/PurposePicker';
import * as startCss from '../../components/start.css';
import { button, card, heading, muted, narrow, page, row, stack } from '../../styles/ui.css';

const machine = applyStartMachine.provide({
  actions: {
    persistStart: (_, choice) => {
      writeStorage('session', STORAGE_KEYS.country, choice.country);
      writeStorage('session', STORAGE_KEYS.purpose, choice.purpose);
      writeStorage('session', STORAGE_KEYS.multipleCitizenship, String(choice.multipleCitizenship));
      writeStorage('session', STORAGE_KEYS.otherCountry, choice.otherCountry);
    },
  },
});

export default function ApplyPage() {
  const { t } = useTranslation('start');
  usePageMeta('apply');
  const ref = useFlow(machine, {
    country: readStorage('session', STORAGE_KEYS.country),
    purpose: readStorage('session', STORAGE_KEYS.purpose),
    multipleCitizenship: readStorage('session', STORAGE_KEYS.multipleCitizenship) === 'true',
    otherCountry: readStorage('session', STORAGE_KEYS.otherCountry),
  });
  const query = useSelector(ref, (s) => s.context.query);
  const country = useSelector(ref, (s) => s.context.country);
  const purpose = useSelector(ref, (s) => s.context.purpose);
  const multiple = useSelector(ref, (s) => s.context.multipleCitizenship);
  const otherQuery = useSelector(ref, (s) => s.context.otherQuery);
  const otherCountry = useSelector(ref, (s) => s.context.otherCountry);
  const canContinue = useSelector(ref, (s) => s.can({ type: 'CONTINUE' }));

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
        {!canContinue && <p className={muted}>{t(multiple && !otherCountry && country && purpose ? 'apply.needOther' : 'apply.needBoth')}</p>}
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
