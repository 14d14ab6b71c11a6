// One declaration per HTTP route: method, URL, params, query, body and the responses by status code.
// The Fastify plugin registers from it (server/lib/route.ts) and the client's typed call derives from it
// (client/api/call.ts), so a URL or a response type is never written twice.
import type { Static, TSchema } from 'typebox';
import { ErrorSchema } from './schemas/common';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteContract {
  readonly method: Method;
  /** Fastify's form: `/api/leads/:leadId/update`. */
  readonly url: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  readonly responses: Readonly<Record<number, TSchema>>;
}

/**
 * The failures any route can answer, in the one error shape, added here so openapi.json documents every status:
 * 400 (a query the route does not read is still checked: a NUL character in any value is refused), 408 (a request
 * that does not arrive in time), 414, 429 and 431 everywhere; 413 and 415 wherever a method carries a body, even
 * where the route reads none (Fastify parses what is sent); 503 everywhere, with Retry-After, while the database (or,
 * for the guarded sign-ins and code checks, Redis) cannot be reached (issue 41).
 */
function withCommonErrors(contract: RouteContract): RouteContract['responses'] {
  const codes = [400, 408, 414, 429, 431, 503, ...(contract.method === 'GET' ? [] : [413, 415])];
  return { ...Object.fromEntries(codes.map((code) => [code, ErrorSchema])), ...contract.responses };
}

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return { ...contract, responses: withCommonErrors(contract) };
}

type SuccessCode = 200 | 201 | 202 | 204;
type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The body of any 2xx response the route declares. */
export type SuccessBody<C extends RouteContract> = {
  [K in keyof C['responses'] & SuccessCode]: Static<C['responses'][K]>;
}[keyof C['responses'] & SuccessCode];

export type ParamsOf<C extends RouteContract> = StaticOr<C['params'], undefined>;
export type QueryOf<C extends RouteContract> = StaticOr<C['querystring'], undefined>;
export type BodyOf<C extends RouteContract> = StaticOr<C['body'], undefined>;

/** What a caller passes: only the parts the route declares. */
export type CallArgs<C extends RouteContract> = (C['params'] extends TSchema ? { params: ParamsOf<C> } : { params?: never }) &
  (C['querystring'] extends TSchema ? { query: QueryOf<C> } : { query?: never }) &
  (C['body'] extends TSchema ? { body: BodyOf<C> } : { body?: never });

/** The concrete path of a call: `:name` segments replaced, the query appended. */
export function pathOf(contract: RouteContract, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = contract.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
