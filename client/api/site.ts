import type { BrandingDto } from '../../openapi/schemas/branding';
import type { EligibilityDto, EligibilityQuery } from '../../openapi/schemas/eligibility';
import type { PricingDto } from '../../openapi/schemas/pricing';
import { api } from './http';

export const fetchBranding = () => api.get<BrandingDto>('/api/admin/branding');
export const fetchPricing = () => api.get<PricingDto>('/api/admin/pricing');
export const fetchEligibility = (query: EligibilityQuery) => api.get<EligibilityDto>('/api/eligibility', query);
