import { getBranding } from '../../openapi/routes/branding';
import { getFigures } from '../../openapi/routes/figures';
import { getPrices } from '../../openapi/routes/pricing';
import { call } from './call';
import { fetchTransport } from './transport';

export const fetchBranding = () => call(fetchTransport, getBranding, {});
export const fetchPrices = () => call(fetchTransport, getPrices, {});
export const fetchFigures = () => call(fetchTransport, getFigures, {});
