import type { FormValues, PaymentOutput, PriceInput, PriceOutput, SubmitInput, SubmitOutput } from '../../../machines/ds160Form.machine';
import { leadSyncMachine } from '../../../machines/leadSync.machine';
import { getQuote } from '../../../openapi/routes/checkout';
import { createLead, getLead, updateLead } from '../../../openapi/routes/leads';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';
import { makeLeadSyncActors } from './leadSync';

const field = (values: FormValues, section: keyof FormValues, name: string) => {
  const value = values[section]?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Spec 2-wizards §4.4, §7: the ten-section form's submit (the lead completed) and its price; leadSync saves it before. */
export function ds160FormCalls(http: Transport) {
  return {
    submitForm: async ({ leadId, values, changes, plan: subscriptionPlan }: SubmitInput): Promise<SubmitOutput> => {
      if (leadId) {
        const { checkout } = await call(http, updateLead, { params: { leadId }, body: { formData: changes, completionStatus: 'completed', subscriptionPlan } });
        return { leadId, checkout };
      }
      // No lead yet (spec §4.4): a full one, unpaid, from this form.
      const { id, checkout } = await call(http, createLead, {
        body: {
          name: [field(values, 'personal-info', 'firstName'), field(values, 'personal-info', 'lastName')].filter(Boolean).join(' '),
          email: field(values, 'address-phone', 'emailAddress') || field(values, 'personal-info', 'email'),
          phone: field(values, 'address-phone', 'primaryPhone'),
          formType: 'DS-160',
          nationality: field(values, 'personal-info', 'nationality'),
          travelPurpose: field(values, 'travel-info', 'tripPurpose'),
          formData: values,
          completionStatus: 'completed',
          paymentStatus: 'unpaid',
          source: 'ds160-wizard',
          subscriptionPlan,
        },
      });
      return { leadId: id, checkout };
    },
    /** Whether the application's service is paid: a paid one opens read-only (issue 45). */
    fetchPayment: async ({ leadId }: { leadId: string }): Promise<PaymentOutput> => {
      const lead = await call(http, getLead, { params: { leadId } });
      return { leadId, paid: lead.paymentStatus === 'paid' };
    },
    /** The completion card's price: the quote checkout will charge for this plan and application. */
    fetchPrice: async ({ plan, leadId }: PriceInput): Promise<PriceOutput> => {
      const quote = await call(http, getQuote, { query: { formType: 'DS-160', plan, ...(leadId ? { lead: leadId } : {}) } });
      const option = quote.options.find((o) => o.product === plan);
      if (!option) throw new Error(`The quote has no ${plan} option`);
      return { plan, leadId, price: option.price };
    },
  };
}

export const makeDs160FormActors = (http: Transport) => ({
  ...actorsOf(ds160FormCalls, http),
  leadSync: leadSyncMachine.provide({ actors: makeLeadSyncActors(http) }),
});
