// Failures a service raises; the error handler turns each into the one error shape with its status.

export class Problem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** 400 naming the field, as `body.<field>: <what is wrong>`. */
export function badRequest(field: string, message: string, part: 'body' | 'querystring' | 'params' = 'body'): Problem {
  return new Problem(400, `${part}.${field}: ${message}`);
}

export function forbidden(message: string): Problem {
  return new Problem(403, message);
}

export function notFound(message: string): Problem {
  return new Problem(404, message);
}
