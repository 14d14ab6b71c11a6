// A paged admin list (leads, the audit log, the e-mails tab): how many pages the server's answer makes, and which
// page a person may move to. One rule for every list, so a tab cannot ask for a page that does not exist.

/** The server's answer about a paged list: how many rows in all, and how many a page. */
export interface PagedAnswer {
  total: number;
  pageSize: number;
}

/** The pages the list makes; an empty list is one (empty) page. */
export function pageCount(answer: PagedAnswer | null): number {
  return answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
}

/** A page worth asking for: a whole number among the list's pages, other than the one shown, once the list is known. */
export function isOtherPage(answer: PagedAnswer | null, current: number, page: number): boolean {
  return answer !== null && page !== current && Number.isInteger(page) && page >= 1 && page <= pageCount(answer);
}
