import { pathOf, type CallArgs, type RouteContract, type SuccessBody } from '../../openapi/contract';
import { HttpError } from './call';
import type { Transport } from './transport';

/** Server-sent events as they arrive: complete `event:`/`data:` blocks, whatever the chunks' boundaries. */
export function eventReader(onEvent: (name: string, data: unknown) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent(name, JSON.parse(data) as unknown);
    }
  };
}

/**
 * Calls a streamed route: each `piece` goes to `onPiece` as it arrives, `done` is the answer, `error` fails the
 * call as a refused one would. A refusal before the stream (a 402) is an HttpError as for any call.
 */
export async function streamCall<C extends RouteContract>(http: Transport, contract: C, args: CallArgs<C>, onPiece: (text: string) => void): Promise<SuccessBody<C>> {
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  let answer: { done: SuccessBody<C> } | { error: { statusCode: number; message: string } } | undefined;
  const read = eventReader((name, data) => {
    if (name === 'piece') onPiece((data as { text: string }).text);
    else if (name === 'done') answer = { done: data as SuccessBody<C> };
    else if (name === 'error') answer = { error: data as { statusCode: number; message: string } };
  });
  const response = await http({ method: contract.method, path: pathOf(contract, params, query), stream: read, ...(body === undefined ? {} : { body }) });
  if (response.status < 200 || response.status >= 300) {
    let parsed: { message?: string; code?: string } = {};
    try {
      parsed = JSON.parse(response.text) as typeof parsed;
    } catch {
      /* not JSON */
    }
    throw new HttpError(response.status, `${response.status}: ${response.text}`, parsed.message, parsed.code);
  }
  if (answer && 'done' in answer) return answer.done;
  const failure = answer?.error ?? { statusCode: 502, message: 'The reply ended before it was complete' };
  throw new HttpError(failure.statusCode, `${failure.statusCode}: ${failure.message}`, failure.message);
}
