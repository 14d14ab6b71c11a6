import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { actorsOf } from '../../client/api/actors/actorsOf';
import { fetchTransport, type HttpRequest, type Transport } from '../../client/api/transport';

describe('actors made from a flow’s calls', () => {
  it('cancel the request a state started when the machine leaves that state', async () => {
    const requests: HttpRequest[] = [];
    const never: Transport = (request) => {
      requests.push(request);
      return new Promise(() => {});
    };
    const calls = (http: Transport) => ({ load: () => http({ method: 'GET', path: '/api/slow' }) });
    const machine = setup({ actors: actorsOf(calls, never) }).createMachine({
      initial: 'loading',
      states: { loading: { invoke: { src: 'load' }, on: { LEAVE: 'elsewhere' } }, elsewhere: {} },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.signal?.aborted).toBe(false);
    actor.send({ type: 'LEAVE' });
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('hand the signal to fetch in the browser’s transport', async () => {
    const fetch = vi.fn(async (_url: URL, init: RequestInit) => {
      expect(init.signal).toBe(signal);
      return new Response('{}');
    });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
    const signal = new AbortController().signal;
    try {
      await fetchTransport({ method: 'GET', path: '/api/x', signal });
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
