import { pathOf, type CallArgs, type RouteContract, type SuccessBody } from '../../openapi/contract';
import type { Transport } from './transport';

/** A refused call: `message` is "<status>: <body>" (spec 1-core §8); `serverMessage` is the JSON message, if any. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }
}

function messageOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** Calls a route by its contract: the URL, the parts sent and the answer's type all come from the one declaration. */
export async function call<C extends RouteContract>(http: Transport, contract: C, args: CallArgs<C>): Promise<SuccessBody<C>> {
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  const response = await http({ method: contract.method, path: pathOf(contract, params, query), ...(body === undefined ? {} : { body }) });
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError(response.status, `${response.status}: ${response.text}`, messageOf(response.text));
  }
  return (response.text ? JSON.parse(response.text) : undefined) as SuccessBody<C>;
}
