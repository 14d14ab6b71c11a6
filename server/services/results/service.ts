import type { Executor } from '../../../db/index';
import { newestOwnedFrom } from '../../../db/queries/leads';
import type { LeadRow } from '../../../db/schema';
import { analyse } from '../../../machines/domain/analysis';
import { findCountry } from '../../../machines/domain/countries';
import { totalOf } from '../../../machines/domain/governmentFees';
import { feeApplicantFor } from '../../../machines/domain/visaClass';
import { travelDocument, type Purpose } from '../../../machines/domain/visaRules';
import { toIsoDate } from '../../../machines/domain/validators';
import type { AnalysisDto, EstaCheckDto } from '../../../openapi/schemas/results';
import type { Access } from '../access';
import type { SiteService } from '../site/service';
import { catalogAnswers } from '../leads/answers';
import { preassessmentCatalog } from '../../../machines/domain/catalogs';
import { ownEntry } from '../../../machines/domain/ownEntry';

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
  constructor(
    private readonly db: Executor,
    /** The government fees in force (issue 44). */
    private readonly site: Pick<SiteService, 'governmentFeesFor'>,
  ) {}

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
    const stated = answers['purpose-of-travel'] ?? lead.travel_purpose;
    const purpose = ownEntry(PURPOSE, answers['purpose-of-travel'] ?? '');
    const isEligible = purpose !== undefined && travelDocument(country, purpose) === 'ESTA';
    // The fees of the document it leads to: the ESTA's, or the visa class of the stated purpose (work → H …).
    const visaClass = feeApplicantFor(isEligible ? 'ESTA' : 'DS-160', stated);
    const governmentFees = await this.site.governmentFeesFor(visaClass);
    return {
      isEligible,
      processTime: isEligible ? 'eligibility.processing.esta' : 'eligibility.processing.ds160',
      cost: totalOf(governmentFees),
      visaClass,
      governmentFees,
      country,
      purpose: stated,
    };
  }
}

function answersOf(lead: LeadRow): Record<string, string> {
  return catalogAnswers(preassessmentCatalog, JSON.parse(lead.form_data) as Record<string, unknown>);
}
