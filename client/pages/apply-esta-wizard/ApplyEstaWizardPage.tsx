import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { estaWizardFlow, handoverView, paidTravellerName, sameHandover, travellerHandoverFlow } from '../../../machines/estaWizard.view';
import { leadOf, type QuestionWizardRef } from '../../../machines/questionWizard.view';
import { otherTravellerOf, prefilledOf, type TravellerGroupRef } from '../../../machines/travellerGroup.view';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { GroupSide } from '../../components/group/GroupSide';
import { Spinner } from '../../components/Spinner';
import { SectionPanel } from '../../components/wizard/SectionProgress';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import { WizardReview } from '../../components/wizard/WizardReview';
import * as css from '../../components/wizard/wizard.css';
import { button, card, container, heading, notice, page, spread, stack } from '../../styles/ui.css';
import { GovernmentFees } from '../../components/PriceStory';

const NONE: ReadonlySet<string> = new Set();

export default function ApplyEstaWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('esta');
  // A traveller of a group opened from its panel: their answers come from the server first (issue 36).
  const handover = useSelector(useFlow(travellerHandoverFlow), handoverView, sameHandover);

  return (
    <div className={`${container} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('esta.title')}</h1>
        <Link route="home" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      {handover.state === 'loading' && <Spinner label={t('group:panel.loading')} />}
      {handover.state === 'failed' && (
        <p role="alert" className={notice.warning}>
          {t('group:failure.loadFailed')}
        </p>
      )}
      {handover.state === 'none' && <EstaWizard key="own" traveller={null} />}
      {handover.state === 'ready' && <EstaWizard key={handover.leadId} traveller={handover} />}
    </div>
  );
}

function EstaWizard({ traveller }: { traveller: { leadId: string; formData: Record<string, unknown>; paid?: boolean } | null }) {
  const { t } = useTranslation('wizard');
  const { prices } = useSiteData();
  const money = useMoney();
  const wizard = useFlow(estaWizardFlow, { traveller });
  const leadId = useSelector(wizard, leadOf);
  // The group panel starts again with the lead: the application has one once its e-mail is saved. It hands its
  // actor up, so the answers the group filled in are marked here.
  const [group, setGroup] = useState<TravellerGroupRef | null>(null);
  const prefilledList = useSelector(group ?? undefined, prefilledOf(leadId), shallowEqual);
  const prefilled = useMemo(() => (prefilledList ? new Set(prefilledList.split('\n')) : NONE), [prefilledList]);
  // Another traveller's form says whose it is, in its heading and in the questions that would say "your".
  const about = useSelector(group ?? undefined, otherTravellerOf(leadId)) ?? '';

  return (
    <>
      {about && (
        <h2 className={heading.section} data-testid="form-owner">
          {t('esta.titleFor', { name: about })}
        </h2>
      )}
      <div className={css.layout}>
        <aside className={`${card} ${stack} ${css.sidePanel} ${css.sideColumn}`} aria-label={t('sections')}>
          {!traveller?.paid && <SectionPanel wizard={wizard} />}
          {/* The government's fee as the server states it, once it has. */}
          {prices && (
            <div className={notice.info}>
              <p>{t('esta.info', { fee: money(prices.esta.governmentFee / 100, { cents: true }) })}</p>
              <GovernmentFees fees={prices.esta.governmentFees} product="esta" compact />
            </div>
          )}
          <GroupSide key={leadId ?? 'none'} leadId={leadId} onGroup={setGroup} />
        </aside>
        {traveller?.paid ? (
          <PaidAnswers wizard={wizard} name={paidTravellerName(traveller.formData)} />
        ) : (
          <WizardQuestion wizard={wizard} counter="question" submitLabel={t('esta.submit')} submittingLabel={t('submitting')} prefilled={prefilled} about={about} />
        )}
      </div>
    </>
  );
}

/** A paid traveller's ESTA (issue 45 item 20): what was sent, read-only, under a notice that says why. */
function PaidAnswers({ wizard, name }: { wizard: QuestionWizardRef; name: string }) {
  const { t } = useTranslation('wizard');
  return (
    <div className={stack} data-testid="esta-paid">
      <div role="status" className={notice.info}>
        <p>
          <strong>{t('esta.paid.title')}</strong>
        </p>
        <p>{t('esta.paid.body', { name: name || t('group:checkout.unnamed') })}</p>
      </div>
      <WizardReview wizard={wizard} submitLabel="" submittingLabel="" readOnly={{ title: t('esta.paid.review') }} />
    </div>
  );
}
