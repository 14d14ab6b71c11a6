// What a traveller does after paying us (issue 43's "what happens next" e-mail; issue 45 item 23 on the
// confirmation and the dashboard): the official site where the application is submitted and the government fee
// paid, that fee, and what follows for the form. One content: the e-mail, the pages and the PDFs read it here, and
// word it with the keys of locales/*/mail.json `nextSteps`.

/** Where the application is submitted and the government fee paid: we are not the government. */
export const OFFICIAL_SITES = {
  'DS-160': 'https://ceac.state.gov/genniv/',
  ESTA: 'https://esta.cbp.dhs.gov/',
} as const;

export type StepService = keyof typeof OFFICIAL_SITES;

/** What follows the official form, as `nextSteps.<line>` keys: when to apply (ESTA); the interview each DS-160 applicant books and attends. */
export const STEP_LINES = { ESTA: ['estaWhen'], 'DS-160': ['ds160Interview', 'ds160Confirmation'] } as const satisfies Record<StepService, readonly string[]>;

export interface NextStep {
  service: StepService;
  officialSite: string;
  /** The government fee paid there, in cents, as the fee schedule in force when the order was priced has it. */
  governmentFeeCents: number;
  lines: readonly (typeof STEP_LINES)[StepService][number][];
}

export function nextStepOf(service: StepService, governmentFeeCents: number): NextStep {
  return { service, officialSite: OFFICIAL_SITES[service], governmentFeeCents, lines: STEP_LINES[service] };
}
