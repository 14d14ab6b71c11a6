import type { Executor } from '../../../db/index';
import { getSetting, type Branding, type PricingMap } from '../../../db/queries/settings';
import { findCountry } from '../../../machines/domain/countries';
import { eligibility, favourableCitizenship, type Eligibility, type Purpose } from '../../../machines/domain/visaRules';
import { badRequest } from '../../lib/problems';

/** What every visitor reads: branding, the pricing map, and the visa rule's answer for a nationality and purpose. */
export class SiteService {
  constructor(private readonly db: Executor) {}

  branding(): Promise<Branding> {
    return getSetting(this.db, 'branding');
  }

  pricing(): Promise<PricingMap> {
    return getSetting(this.db, 'pricing');
  }

  async eligibility(query: { country: string; purpose: Purpose; otherCountry?: string; visaType?: 'DS-160' }): Promise<Eligibility> {
    const country = findCountry(query.country);
    if (!country) throw badRequest('country', 'unknown country', 'querystring');
    const other = query.otherCountry === undefined ? undefined : findCountry(query.otherCountry);
    if (query.otherCountry !== undefined && !other) throw badRequest('otherCountry', 'unknown country', 'querystring');
    const [pricing, fees] = await Promise.all([this.pricing(), getSetting(this.db, 'fees')]);
    const citizenship = favourableCitizenship(country.name, other?.name, query.purpose);
    const table = {
      estaGovernmentFee: fees.estaGovernmentFee,
      ds160GovernmentFee: fees.ds160GovernmentFee,
      estaServiceFee: pricing.ESTA,
      ds160ServiceFee: pricing.DS160_BASIC,
    };
    return eligibility(citizenship, query.purpose, table, query.visaType);
  }
}
