import { nameOf, read, type TravellerAnswers } from './sharedAnswers';
import type { TravellerForm } from './travellerGroup';

/** What a lead row holds of who it is for: its own columns, and its answers as stored (JSON). */
export interface LeadIdentitySource {
  name: string;
  phone?: string | null;
  form_data: string;
}

// A lead's columns are filled when a wizard captures them, which a leader's own application may not have reached
// (issue 45 item 7: "Name —" in the admin, an empty CSV Name, "Traveller without a name yet" at checkout); the
// answers already hold her name. Both shapes are read: the question wizards keep flat ids, the ten-section form
// keeps sections, and a lead's source does not always say which.
const FORMS: readonly TravellerForm[] = ['ESTA', 'DS-160'];
const PHONE_PATHS: Record<TravellerForm, string> = { ESTA: 'phone', 'DS-160': 'address-phone.primaryPhone' };

function answersOf(lead: Pick<LeadIdentitySource, 'form_data'>): Record<string, unknown> {
  try {
    const parsed = JSON.parse(lead.form_data) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const first = (answers: Record<string, unknown>, pick: (t: Pick<TravellerAnswers, 'form' | 'answers'>) => unknown): string => {
  for (const form of FORMS) {
    const value = pick({ form, answers });
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
};

/** The lead's traveller by name: the lead's own, else as their answers hold it; '' when neither has one yet. */
export function leadName(lead: LeadIdentitySource): string {
  return lead.name.trim() || first(answersOf(lead), nameOf);
}

/** The lead's phone: the lead's own, else the form's (the ten-section DS-160 keeps it in its address section). */
export function leadPhone(lead: LeadIdentitySource): string {
  return (lead.phone ?? '').trim() || first(answersOf(lead), (t) => read(t, PHONE_PATHS[t.form]));
}

/**
 * The e-mail the traveller's own answers give: the question wizards ask 'email' (ESTA) or 'email-address' (DS-160),
 * the ten-section form keeps it with the address. '' when they give none.
 */
export function answeredEmail(lead: Pick<LeadIdentitySource, 'form_data'>): string {
  const answers = answersOf(lead);
  const flat = [answers.email, answers['email-address']].find((v) => typeof v === 'string' && v.trim());
  if (typeof flat === 'string') return flat.trim();
  return first(answers, (t) => (t.form === 'DS-160' ? read(t, 'address-phone.emailAddress') : undefined));
}
