// Apart from its contract, which needs TypeBox: every page sends page views, and the landing page's JavaScript
// should not carry a schema library for one URL.
export const PAGE_VIEWS_PATH = '/api/analytics/pageviews';
