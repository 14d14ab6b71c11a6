import { pathOf, type CallArgs, type RouteContract, type SuccessBody } from '../../openapi/contract';
import type { Transport } from './transport';

/** A refused call: `message` is "<status>: <body>" (spec 1-core §8); `serverMessage` is the JSON message, if any. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
    /** The server's stable reason, when it gives one (a card decline's code). */
    readonly code?: string,
    /** Seconds a 429 asks to wait (its Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

function bodyOf(text: string): { message?: string; code?: string } {
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as { message?: string; code?: string }) : {};
  } catch {
    return {};
  }
}

/** Calls a route whose answer is a file (the PDFs): its bytes and the name the server gave it. */
export async function download<C extends RouteContract>(http: Transport, contract: C, args: CallArgs<C>): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  const response = await http({ method: contract.method, path: pathOf(contract, params, query), binary: true, ...(body === undefined ? {} : { body }) });
  if (!response.file) {
    const { message, code } = bodyOf(response.text);
    throw new HttpError(response.status, `${response.status}: ${response.text}`, message, code, response.retryAfter);
  }
  return response.file;
}

/** Calls a route by its contract: the URL, the parts sent and the answer's type all come from the one declaration. */
export async function call<C extends RouteContract>(http: Transport, contract: C, args: CallArgs<C>): Promise<SuccessBody<C>> {
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  const response = await http({ method: contract.method, path: pathOf(contract, params, query), ...(body === undefined ? {} : { body }) });
  if (response.status < 200 || response.status >= 300) {
    const { message, code } = bodyOf(response.text);
    throw new HttpError(response.status, `${response.status}: ${response.text}`, message, code, response.retryAfter);
  }
  return (response.text ? JSON.parse(response.text) : undefined) as SuccessBody<C>;
}
