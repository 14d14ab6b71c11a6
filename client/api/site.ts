import { getBranding } from '../../openapi/routes/branding';
import { getPricing } from '../../openapi/routes/pricing';
import { call } from './call';
import { fetchTransport } from './transport';

export const fetchBranding = () => call(fetchTransport, getBranding, {});
export const fetchPricing = () => call(fetchTransport, getPricing, {});
