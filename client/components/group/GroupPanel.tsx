import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, groupCheckoutLink, RELATIONSHIPS, travellersOf, type TravellerGroupRef } from '../../../machines/travellerGroup.view';
import { Link } from '../../app/Link';
import { badge, button, input, label, muted, notice, row, small, stack } from '../../styles/ui.css';
import { Spinner } from '../Spinner';
import { TextField } from '../TextField';
import { GuardianForm } from './GuardianForm';
import { describedBy, Labelled, messageKey } from './fields';
import { apart } from './panel.css';

/**
 * The group beside a traveller's form (issue 36): who travels, who is done and who is in progress, the traveller
 * open now, 'Add a traveller' and its form. Everything it shows is the machine's; it only sends events.
 */
export function GroupPanel({ group }: { group: TravellerGroupRef }) {
  const { t } = useTranslation('group');
  const travellers = useSelector(group, (s) => travellersOf(s.context));
  const loading = useSelector(group, (s) => s.matches('loading'));
  const adding = useSelector(group, (s) => s.matches('adding'));
  const busy = useSelector(group, (s) => s.hasTag('busy'));
  const failure = useSelector(group, (s) => s.context.failure);
  const draft = useSelector(group, (s) => s.context.draft);
  const errors = useSelector(group, (s) => s.context.errors);
  const canAdd = useSelector(group, (s) => s.can({ type: 'ADD.OPEN' }));
  const canRefresh = useSelector(group, (s) => s.can({ type: 'REFRESH' }));
  const waitsForLead = useSelector(group, (s) => s.context.openAdd && !s.context.leadId);
  // The places of the travellers who may be removed, as one string so the panel is drawn again only when they change.
  const removable = useSelector(group, (s) => travellersOf(s.context).filter((r) => s.can({ type: 'TRAVELLER.REMOVE', position: r.position })).map((r) => r.position).join(','));
  const payLink = useSelector(group, (s) => groupCheckoutLink(s.context.group));
  const change = (field: keyof typeof draft) => (value: string) => group.send({ type: 'FIELD.CHANGE', field, value });
  // A guardian of the group is named as the panel names that traveller (their place when their form has no name yet).
  const guardianName = (guardian: { leadId: string | null; name: string }) => {
    const member = travellers.find((r) => r.leadId === guardian.leadId);
    return guardian.name || (member ? t('panel.unnamed', { n: member.position + 1 }) : '');
  };
  // The traveller whose removal is asked about (the machine's confirmingRemoval), or null.
  const confirming = useSelector(group, (s) => (s.matches('confirmingRemoval') ? s.context.removal : null));
  // Opened, the add form comes into view and takes focus (issue 45 item 9): on a phone it opens below the fold.
  const addForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!adding) return;
    addForm.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    addForm.current?.querySelector<HTMLInputElement>('#traveller-first-name')?.focus({ preventScroll: true });
  }, [adding]);
  const minors = useSelector(group, (s) => travellersOf(s.context).filter((r) => s.can({ type: 'GUARDIAN.OPEN', position: r.position })).map((r) => r.position).join(','));

  return (
    <section className={stack} aria-labelledby="group-title" data-testid="group-panel">
      <h2 id="group-title" className={label}>
        {t('panel.title')}
      </h2>
      {loading && <Spinner label={t('panel.loading')} />}
      {!loading && travellers.length === 0 && <p className={`${muted} ${small}`}>{t(waitsForLead ? 'panel.addAfterStart' : 'panel.alone')}</p>}
      {travellers.length > 0 && (
        <ul className={stack} data-testid="group-travellers">
          {travellers.map((traveller) => {
            const name = traveller.name || t('panel.unnamed', { n: traveller.position + 1 });
            return (
              <li key={traveller.leadId} className={stack} data-testid="group-traveller" aria-current={traveller.open ? 'true' : undefined}>
                <div className={row}>
                  <strong>{name}</strong>
                  <span className={badge[traveller.done ? 'success' : traveller.needsGuardian ? 'warning' : 'brand']}>
                    {t(traveller.done ? 'status.done' : traveller.needsGuardian ? 'status.guardianNeeded' : 'status.inProgress')}
                  </span>
                </div>
                <span className={`${muted} ${small}`}>
                  {t(`relationship.${traveller.relationship}`)} · {t(`form.${traveller.form}`)}
                </span>
                {traveller.guardian && (
                  <span className={small} data-testid="traveller-guardian">
                    {t('guardian.given', { name: guardianName(traveller.guardian), role: t(`guardian.roles.${traveller.guardian.role}`) })}
                  </span>
                )}
                <div className={row}>
                  {traveller.open ? (
                    <strong className={small}>{t('status.open')}</strong>
                  ) : (
                    <button type="button" className={button.secondary} onClick={() => group.send({ type: 'TRAVELLER.OPEN', position: traveller.position })}>
                      {t('actions.open', { name })}
                    </button>
                  )}
                  {minors.split(',').includes(String(traveller.position)) && (
                    <button type="button" className={button.secondary} onClick={() => group.send({ type: 'GUARDIAN.OPEN', position: traveller.position })}>
                      {t(traveller.guardian ? 'guardian.change' : 'guardian.open', { name })}
                    </button>
                  )}
                </div>
                {confirming === traveller.leadId ? (
                  <div role="alertdialog" aria-labelledby={`remove-title-${traveller.position}`} aria-describedby={`remove-body-${traveller.position}`} className={`${notice.warning} ${apart}`} data-testid="remove-confirm">
                    <p id={`remove-title-${traveller.position}`}>
                      <strong>{t('removal.title', { name })}</strong>
                    </p>
                    <p id={`remove-body-${traveller.position}`} className={small}>
                      {t('removal.body', { name })}
                    </p>
                    <div className={row}>
                      <button type="button" className={button.secondary} autoFocus onClick={() => group.send({ type: 'REMOVE.CANCEL' })}>
                        {t('removal.keep', { name })}
                      </button>
                      <button type="button" className={button.primary} data-testid="remove-confirm-yes" onClick={() => group.send({ type: 'REMOVE.CONFIRM' })}>
                        {t('removal.confirm', { name })}
                      </button>
                    </div>
                  </div>
                ) : (
                  removable.split(',').includes(String(traveller.position)) && (
                    <button type="button" className={`${button.ghost} ${apart}`} disabled={busy} onClick={() => group.send({ type: 'TRAVELLER.REMOVE', position: traveller.position })}>
                      {t('actions.remove', { name })}
                    </button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
      {payLink && (
        <Link to={payLink} className={button.primary} data-testid="group-pay">
          {t('actions.pay')}
        </Link>
      )}
      {failure && (
        <div role="alert" className={notice.warning}>
          <p>{t(`failure.${failure}`)}</p>
          {failure === 'loadFailed' && canRefresh && (
            <button type="button" className={button.secondary} onClick={() => group.send({ type: 'REFRESH' })}>
              {t('actions.retry')}
            </button>
          )}
        </div>
      )}
      <GuardianForm group={group} />
      {adding ? (
        <form
          ref={addForm}
          className={stack}
          aria-labelledby="group-add-title"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            group.send({ type: 'ADD.SUBMIT' });
          }}
        >
          <h3 id="group-add-title" className={label}>
            {t('add.title')}
          </h3>
          <p className={`${muted} ${small}`}>{t('add.hint')}</p>
          <TextField id="traveller-first-name" label={t('add.firstName')} type="text" autoComplete="off" value={draft.firstName} error={errors.firstName} busy={busy} onChange={change('firstName')} />
          <TextField id="traveller-last-name" label={t('add.lastName')} type="text" autoComplete="off" value={draft.lastName} error={errors.lastName} busy={busy} onChange={change('lastName')} />
          <Labelled id="traveller-relationship" text={t('add.relationship')} error={errors.relationship && t(messageKey(errors.relationship.key))}>
            <select
              id="traveller-relationship"
              data-testid="traveller-relationship"
              className={input}
              value={draft.relationship}
              {...describedBy('traveller-relationship', errors.relationship)}
              onChange={(e) => change('relationship')(e.target.value)}
            >
              <option value="">{t('add.choose')}</option>
              {RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {t(`relationship.${r}`)}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="traveller-nationality" text={t('add.nationality')} error={errors.nationality && t(messageKey(errors.nationality.key))}>
            <input
              id="traveller-nationality"
              data-testid="traveller-nationality"
              className={input}
              list="traveller-countries"
              autoComplete="off"
              value={draft.nationality}
              {...describedBy('traveller-nationality', errors.nationality)}
              onChange={(e) => change('nationality')(e.target.value)}
            />
            <datalist id="traveller-countries">
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.name} />
              ))}
            </datalist>
          </Labelled>
          <div className={row}>
            <button type="submit" className={button.primary} disabled={busy}>
              {busy ? t('actions.saving') : t('actions.save')}
            </button>
            <button type="button" className={button.ghost} onClick={() => group.send({ type: 'ADD.CANCEL' })}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      ) : (
        canAdd && (
          <button type="button" className={button.secondary} onClick={() => group.send({ type: 'ADD.OPEN' })}>
            {t('actions.add')}
          </button>
        )
      )}
    </section>
  );
}

