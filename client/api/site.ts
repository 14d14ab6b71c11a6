import { getBranding } from '../../openapi/routes/branding';
import { getPrices } from '../../openapi/routes/pricing';
import { call } from './call';
import { fetchTransport } from './transport';

export const fetchBranding = () => call(fetchTransport, getBranding, {});
export const fetchPrices = () => call(fetchTransport, getPrices, {});
