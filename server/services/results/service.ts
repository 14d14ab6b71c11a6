import type { Executor } from '../../../db/index';
import { newestOwnedFrom } from '../../../db/queries/leads';
import type { LeadRow } from '../../../db/schema';
import { getSetting } from '../../../db/queries/settings';
import { analyse } from '../../../machines/domain/analysis';
import { findCountry } from '../../../machines/domain/countries';
import { eligibility, type Purpose } from '../../../machines/domain/visaRules';
import { toIsoDate } from '../../../machines/domain/validators';
import type { AnalysisDto, EstaCheckDto } from '../../../openapi/schemas/results';
import type { Access } from '../access';
import { catalogAnswers } from '../leads/answers';
import { preassessmentCatalog } from '../../../machines/domain/catalogs';

/**
 * The pre-assessment's purposes as the visa rule knows them. Family visits and medical treatment are tourism
 * (a B-2 purpose the waiver allows); work has no waiver, and 'Other' cannot be judged, so neither is eligible.
 */
const PURPOSE: Record<string, Purpose> = {
  Tourism: 'tourism',
  'Visit Family/Friends': 'tourism',
  'Medical Treatment': 'tourism',
  Business: 'business',
  Transit: 'transit',
  Study: 'study',
};

/** The results page (spec 1-core §2.7): the newest pre-assessment of this session or account, judged by the built-in rules. */
export class ResultsService {
  constructor(private readonly db: Executor) {}

  /** Null when this session or account has no pre-assessment yet: the page's "no data", not an error. */
  async analysis(access: Access): Promise<AnalysisDto | null> {
    const lead = await newestOwnedFrom(this.db, access, 'wizard');
    if (!lead) return null;
    return { leadId: lead.id, ...analyse(answersOf(lead), toIsoDate(new Date())) };
  }

  async estaCheck(access: Access): Promise<EstaCheckDto | null> {
    const lead = await newestOwnedFrom(this.db, access, 'wizard');
    if (!lead) return null;
    const answers = answersOf(lead);
    const country = findCountry(answers.nationality ?? lead.nationality)?.name ?? lead.nationality;
    const purpose = PURPOSE[answers['purpose-of-travel'] ?? ''];
    const fees = await getSetting(this.db, 'fees');
    const table = { estaGovernmentFee: fees.estaGovernmentFee, ds160GovernmentFee: fees.ds160GovernmentFee, estaServiceFee: 0, ds160ServiceFee: 0 };
    const facts = eligibility(country, purpose ?? 'study', table);
    const isEligible = purpose !== undefined && facts.recommended === 'ESTA';
    return {
      isEligible,
      processTime: isEligible ? facts.processingTimeKey : 'eligibility.processing.ds160',
      cost: Math.round((isEligible ? fees.estaGovernmentFee : fees.ds160GovernmentFee) * 100),
      country,
      purpose: answers['purpose-of-travel'] ?? lead.travel_purpose,
    };
  }
}

function answersOf(lead: LeadRow): Record<string, string> {
  return catalogAnswers(preassessmentCatalog, JSON.parse(lead.form_data) as Record<string, unknown>);
}
