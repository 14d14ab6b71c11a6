import { eraseApplication, eraseMe, myData, myDataPdf } from '../../../openapi/routes/rights';
import type { ErasureTarget } from '../../../machines/myData.machine';
import { call, download } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** "Your data": everything held, as a JSON file or the server's PDF, and erasure. */
export function myDataCalls(http: Transport) {
  return {
    downloadMyData: async ({ format }: { format: 'json' | 'pdf' }) => {
      if (format === 'pdf') return download(http, myDataPdf, {});
      const data = await call(http, myData, {});
      return { fileName: `my-data-${data.generatedAt.slice(0, 10)}.json`, bytes: new TextEncoder().encode(JSON.stringify(data, null, 2)) };
    },
    erase: (target: ErasureTarget) =>
      target.kind === 'all' ? call(http, eraseMe, {}) : call(http, eraseApplication, { params: { leadId: target.leadId } }),
  };
}

export const makeMyDataActors = (http: Transport) => actorsOf(myDataCalls, http);
