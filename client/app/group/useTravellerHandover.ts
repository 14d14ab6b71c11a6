import { useEffect, useState } from 'react';
import { getLead } from '../../../openapi/routes/leads';
import { call } from '../../api/call';
import { fetchTransport } from '../../api/transport';

export type Handover = { state: 'none' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; leadId: string; formData: Record<string, unknown> };

/**
 * A traveller's form opened from the group panel (`?traveller=<lead>`, issue 36): their answers as the server holds
 * them, so moving between travellers loses nobody's (each one's answers are saved as they are typed).
 */
export function useTravellerHandover(traveller: string | null): Handover {
  const [handover, setHandover] = useState<Handover>(traveller ? { state: 'loading' } : { state: 'none' });
  useEffect(() => {
    if (!traveller) {
      setHandover({ state: 'none' });
      return;
    }
    const controller = new AbortController();
    setHandover({ state: 'loading' });
    call((request) => fetchTransport({ ...request, signal: controller.signal }), getLead, { params: { leadId: traveller } }).then(
      (lead) => setHandover({ state: 'ready', leadId: lead.id, formData: lead.formData }),
      () => !controller.signal.aborted && setHandover({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [traveller]);
  return handover;
}
