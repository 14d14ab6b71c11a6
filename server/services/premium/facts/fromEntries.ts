import { findCountries, findNationality } from '../../ai/builtin/countries';
import { fold } from '../../ai/builtin/text';
import { amountIn, calendarDays, currencyOf, lengthInDays, lengthsIn } from '../numbers';
import type { Entry } from './entries';
import { ownedBusinessIn } from './owner';
import { namesUsPlace } from './places';
import type { ApplicantFacts, Relative } from './schema';
import {
  absence, childrenIn, companionRelationOf, contactKindOf, datesIn, maritalOf, monthYearIn, occupationOf, payerKind, purposeKinds, relationOf, RELATIVE, sexOf,
  STANDING_OF_OCCUPATION, standingOf, statusOf, visaOf, yesNo,
} from './values';

// The labelled answers turned into facts. A value that is an absence ('N/A', 'No aplica', 'Does not apply') is no
// fact at all; 'None'/'Ninguno' answers a yes/no question with no.

type Lang = 'es' | 'en';

/** Every relative word in a value ('BROTHER - U.S. LEGAL PERMANENT RESIDENT', 'primo en Houston'), each with its status. */
function relativesIn(entry: Entry, declared: boolean): Relative[] {
  const folded = fold(entry.value);
  const out: Relative[] = [];
  const re = new RegExp(RELATIVE.source, 'g');
  for (const match of folded.matchAll(re)) {
    const status = statusOf(folded);
    out.push({ source: entry.value, relation: relationOf(match[0]), ...(status ? { status } : {}), declared });
  }
  return out.slice(0, 3);
}

/** Years written in a previous-travel answer ('2018 (Orlando, 12 days), 2022 (New York, 9 days)'), each a visit. */
function visitsIn(text: string, offset: string): NonNullable<ApplicantFacts['visits']> {
  const visits: NonNullable<ApplicantFacts['visits']> = [];
  const years = [...offset.matchAll(/\b(19[5-9]\d|20[0-4]\d)\b/g)];
  years.forEach((match, i) => {
    const end = years[i + 1]?.index ?? offset.length;
    const piece = text.slice(match.index, end).replace(/[\s,;y]+$/u, '').replace(/\s+(and|y)$/u, '');
    const length = lengthInDays(fold(piece));
    visits.push({ source: piece.trim(), year: Number(match[1]), ...(length ? { days: length.days } : {}) });
  });
  return visits;
}

export function fromEntries(entries: readonly Entry[], text: string, language: Lang): ApplicantFacts {
  const facts: ApplicantFacts = {};
  let surnames: Entry | undefined;
  let given: Entry | undefined;
  let fullEntry: Entry | undefined;
  const list = <K extends 'relatives' | 'visits' | 'refusalMentions' | 'ties' | 'companions'>(key: K) => (facts[key] ??= [] as never) as NonNullable<ApplicantFacts[K]>;
  const lastVisit = () => facts.visits?.at(-1);

  let previousValue = '';
  for (const [i, entry] of entries.entries()) {
    previousValue = entries[i - 1]?.value ?? '';
    const { value } = entry;
    const folded = fold(value);
    const gone = absence(value);
    const label = fold(text.slice(entry.labelStart, entry.start));
    const inPreviousTravel = entry.section === 'previousTravel';
    switch (entry.key) {
      case 'surnames':
        if (!gone) surnames ??= entry;
        break;
      case 'givenNames':
        if (!gone) given ??= entry;
        break;
      case 'fullName': {
        if (gone) break;
        // 'Nome' beside 'Sobrenome', 'Name' beside 'Surname': the given names.
        fullEntry ??= entry;
        if (facts.name) break;
        // The confirmation page's 'Name Provided: SURNAMES, GIVEN NAMES'.
        const comma = /^([^,]+),\s*(.+)$/.exec(value);
        facts.name = comma ? { source: value, parts: [(comma[2] as string).trim(), (comma[1] as string).trim()] } : { source: value };
        break;
      }
      case 'sex': {
        const kind = sexOf(folded);
        if (kind) facts.sex ??= { source: value, kind };
        break;
      }
      case 'marital': {
        const kind = maritalOf(folded);
        if (kind) facts.marital ??= { source: value, kind };
        const children = childrenIn(folded);
        if (children) facts.children ??= { source: value.slice(children.index, children.index + children.length), count: children.count };
        break;
      }
      case 'nationality': {
        if (gone) break;
        const found = findNationality(value) ?? findCountries(value)[0];
        if (found) facts.nationality ??= { source: value, country: found.country };
        break;
      }
      case 'passportExpiry': {
        // 'Emisión / vencimiento del pasaporte: 09/08/2024 / 08/08/2030': one label for both, the dates in its order.
        const all = datesIn(value, language);
        const both = all.length >= 2 && /\b(emision|expedicion|issue|issuance|issued|delivrance|emissao|expedicao)\b/.test(label);
        const date = (both ? all.at(-1) : all[0]) ?? monthYearIn(value);
        if (date) facts.passportExpiry ??= { source: both ? date.text : value, iso: date.iso };
        if (both && all[0]) facts.passportIssue ??= { source: all[0].text, iso: all[0].iso };
        break;
      }
      case 'purpose':
      case 'purposeSpecify': {
        if (gone) break;
        const kinds = purposeKinds(folded);
        if (entry.key === 'purpose' && !facts.purpose) facts.purpose = { source: value, kinds: kinds.length ? kinds : ['other'] };
        else if (facts.purpose && kinds.length) facts.purpose.kinds = [...new Set([...facts.purpose.kinds.filter((k) => k !== 'other'), ...kinds])];
        const visa = visaOf(folded);
        // The form's purpose answers name the class: 'TEMP. BUSINESS PLEASURE VISITOR (B)', 'BUSINESS & TOURISM (B1/B2)'.
        if (visa && /\((?:[bfjmhc]|b1|b2|b1\/b2)\)\s*$|^[bfjmhc]-?\d\b/.test(folded.trim()) && (!facts.visaClass || facts.visaClass.source === facts.purpose?.source)) {
          facts.visaClass = { source: value, kind: visa };
        }
        break;
      }
      case 'visaClass': {
        if (gone) break;
        facts.visaClass = { source: value, kind: visaOf(folded) ?? 'other' };
        break;
      }
      case 'visitDate': {
        if (gone) break;
        const year = /\b(19|20)\d{2}\b/.exec(folded);
        const length = lengthInDays(folded);
        list('visits').push({ source: value, ...(year ? { year: Number(year[0]) } : {}), ...(length ? { days: length.days } : {}) });
        break;
      }
      case 'arrival':
      case 'departure': {
        const date = datesIn(value, language)[0];
        // Under earlier travel, a year alone is when that visit was.
        const year = /^\s*(19[5-9]\d|20[0-4]\d)\s*$/.exec(value);
        // A trip's arrival is a day; a year alone is an earlier visit's, headed or not.
        if (!date && year && entry.key === 'arrival') list('visits').push({ source: value, year: Number(year[1]) });
        if (!date) break;
        if (inPreviousTravel) {
          if (entry.key === 'arrival') list('visits').push({ source: value, year: Number(date.iso.slice(0, 4)) });
          break;
        }
        facts[entry.key] ??= { source: value, iso: date.iso };
        break;
      }
      case 'stay': {
        const length = lengthInDays(folded);
        if (!length) break;
        const visit = lastVisit();
        // Right after an earlier visit's date, a length of stay is that visit's.
        const ofVisit = inPreviousTravel || entry.previous === 'visitDate' || (entry.previous === 'arrival' && lastVisit()?.source === previousValue);
        if (ofVisit && visit && visit.days === undefined) visit.days = length.days;
        else if (!ofVisit) facts.stay ??= { source: value, days: length.days };
        break;
      }
      case 'payer': {
        const kind = payerKind(folded);
        if (kind) facts.payer ??= { source: value, kind };
        break;
      }
      case 'relation': {
        if (gone) break;
        // The relation of a companion named just above: who travels along, not family living there.
        if (entry.previous === 'companionName') {
          const companion = facts.companions?.at(-1);
          const relation = companionRelationOf(folded);
          if (companion && relation) companion.relation = relation;
          break;
        }
        if (!RELATIVE.test(folded)) {
          // A contact who is a friend or a colleague.
          if (entry.previous === 'contact' && facts.contact && /\b(friend|amig[oa]|ami|amie|colleague|colega|collegue)\b/.test(folded)) facts.contact.kind = /\b(colleague|colega|collegue)\b/.test(folded) ? 'colleague' : 'friend';
          break;
        }
        if (entry.previous === 'payer' || (entry.previous === 'ignore' && facts.payer?.kind === 'other')) {
          if (facts.payer && facts.payer.kind !== 'self') facts.payer.kind = 'family';
          break;
        }
        // A contact person who is family is a relative in the United States, declared or not.
        const declared = entry.section === 'family' || entry.previous === 'usFamily' || entry.previous === 'relatives' || (entry.previous === 'relativeStatus' && entry.section !== 'contact');
        if (entry.previous === 'contact' && facts.contact) {
          facts.contact.kind = 'relative';
          facts.contact.relation = relationOf(RELATIVE.exec(folded)?.[0] ?? folded);
        }
        if (declared || entry.previous === 'contact' || namesUsPlace(folded)) list('relatives').push(...relativesIn(entry, declared));
        break;
      }
      case 'birthDate': {
        const date = datesIn(value, language)[0];
        if (date) facts.birthDate ??= { source: value, iso: date.iso };
        break;
      }
      case 'passportIssue': {
        const date = datesIn(value, language)[0];
        if (date) facts.passportIssue ??= { source: value, iso: date.iso };
        break;
      }
      case 'school': {
        if (gone) facts.noSchool ??= { source: value };
        else facts.school ??= { source: value };
        break;
      }
      case 'programme':
        if (!gone) facts.programme ??= { source: value };
        break;
      case 'usAddress':
        if (!gone) facts.usAddress ??= { source: value };
        break;
      case 'contact': {
        if (gone || facts.contact) break;
        facts.contact = { source: value, kind: contactKindOf(folded) };
        // 'Kwame Mensah, my brother': a contact who is family is a relative there, whatever the family answer says.
        const who = facts.contact.kind === 'relative' ? RELATIVE.exec(folded) : null;
        if (who && !facts.relatives?.some((r) => r.source === value)) list('relatives').push({ source: value, relation: relationOf(who[0]), declared: false });
        break;
      }
      case 'overstays': {
        if (gone === 'notApplicable') break;
        const answer = gone === 'none' ? false : yesNo(value);
        if (answer !== null) facts.overstaysDeclared ??= { source: value, has: answer };
        break;
      }
      case 'companions': {
        if (gone === 'notApplicable') break;
        const answer = gone === 'none' ? false : yesNo(value);
        if (answer !== null) facts.companionsDeclared ??= { source: value, has: answer };
        break;
      }
      case 'companionName': {
        if (gone) break;
        list('companions').push({ source: value, relation: companionRelationOf(folded) ?? 'other', declared: true });
        break;
      }
      case 'relativeStatus': {
        const status = statusOf(folded);
        // A bare 'Status:' is a relative's only right after one.
        const relative = entry.previous === 'relation' || entry.previous === 'relatives' || entry.section === 'family' ? facts.relatives?.at(-1) : undefined;
        if (status && relative && !relative.status) relative.status = status;
        break;
      }
      case 'usFamily':
      case 'relatives': {
        if (gone === 'notApplicable') break;
        const answer = gone === 'none' ? false : yesNo(value);
        const named = RELATIVE.test(folded) ? relativesIn(entry, true) : [];
        const has = named.length > 0 ? true : answer;
        if (has === null) break;
        // Any yes wins: 'other relatives? NO' after 'immediate relatives? YES' does not undo it.
        if (!facts.usFamily || (has && !facts.usFamily.has)) facts.usFamily = { source: value, has };
        list('relatives').push(...named);
        break;
      }
      case 'previousVisits': {
        if (gone === 'notApplicable') break;
        const answer = gone === 'none' ? false : yesNo(value) ?? (/\b(19|20)\d{2}\b/.test(folded) ? true : null);
        if (answer === null) break;
        facts.previousVisits ??= { source: value, has: answer };
        if (answer) list('visits').push(...visitsIn(value, folded));
        break;
      }
      case 'refusals': {
        if (gone === 'notApplicable') break;
        const answer = gone === 'none' ? false : yesNo(value);
        if (answer !== null) facts.refusals ??= { source: value, has: answer };
        break;
      }
      case 'occupation': {
        if (gone) break;
        // 'Dueña de un colmado en Gurabo': working for oneself at the business, in that town (a place, not the employer).
        const own = ownedBusinessIn(value);
        if (own && !facts.standing) {
          facts.standing = { source: value, kind: 'self-employed' };
          facts.employer ??= { source: own.business.text };
          break;
        }
        const kind = occupationOf(folded);
        const standing = (kind && STANDING_OF_OCCUPATION[kind]) ?? standingOf(folded);
        if (kind) facts.occupation ??= { source: value, kind };
        if (standing) facts.standing ??= { source: value, kind: standing };
        // A job title where the form has a category: 'albañil independiente', 'graphic designer, freelance', and
        // where it works when it says so: 'contadora en Deloitte Lima', 'nurse at St. Mary's'.
        if (!kind && !['unemployed', 'retired', 'homemaker', 'student'].includes(standing ?? '')) {
          const at = /^(.+?)\s+(?:en|at|para|for)\s+(?:el |la |the )?(\p{Lu}.*)$/u.exec(value.split(/[,;(]/)[0]?.trim() ?? '');
          if (at) {
            facts.role ??= { source: (at[1] as string).trim() };
            facts.employer ??= { source: (at[2] as string).trim() };
          } else facts.role ??= { source: value.split(/[,;(]/)[0]?.trim() || value };
        }
        break;
      }
      case 'employer':
        if (!gone) facts.employer ??= { source: value };
        break;
      case 'role':
        if (!gone) facts.role ??= { source: value };
        break;
      case 'jobSince':
        if (!gone) facts.jobSince ??= { source: value };
        break;
      case 'income':
      case 'annualIncome': {
        if (gone || facts.income) break;
        const amount = amountIn(folded);
        if (amount === null || amount === 0) break;
        const yearly = entry.key === 'annualIncome' || /\b(al ano|anual(es)?|per year|a year|yearly|annually)\b/.test(folded);
        const currency = currencyOf(folded);
        const salary = /salar|salaire|sueldo|if employed|si esta empleado/.test(label) || entry.section === 'work';
        facts.income = { source: value, monthly: yearly ? Math.round(amount / 12) : amount, ...(currency ? { currency } : {}), salary };
        break;
      }
      case 'budget': {
        const amount = gone ? null : amountIn(folded);
        const currency = currencyOf(folded);
        if (amount) facts.budget ??= { source: value, amount, ...(currency ? { currency } : {}) };
        break;
      }
      case 'leave': {
        const length = lengthsIn(folded)[0];
        const days = length ? length.days : /^\d{1,3}$/.test(folded.trim()) ? Number(folded.trim()) : null;
        if (days !== null && !gone) facts.leave ??= { source: value, days: /habiles|laborables|working|business days/.test(folded) ? calendarDays(days) : days };
        break;
      }
      case 'trip': {
        if (gone) break;
        const length = lengthInDays(folded);
        const kinds = purposeKinds(folded);
        if (length) facts.stay ??= { source: value, days: length.days };
        else if (kinds.length) facts.purpose ??= { source: value, kinds };
        break;
      }
      case 'children': {
        if (gone) break;
        const count = childrenIn(`${folded} hijos`)?.count ?? (/^\d+$/.test(folded.trim()) ? Number(folded.trim()) : null);
        if (count) facts.children ??= { source: value, count };
        break;
      }
      default:
        break;
    }
  }
  for (const key of ['relatives', 'visits', 'refusalMentions', 'ties', 'companions'] as const) if (facts[key]?.length === 0) delete facts[key];
  if (surnames && !given && fullEntry && !fold(fullEntry.value).includes(fold(surnames.value))) given = fullEntry;
  if (given || surnames) {
    const parts = [given, surnames].filter((e): e is Entry => Boolean(e)).map((e) => e.value);
    facts.name = { source: parts[0] as string, parts };
  }
  return facts;
}
