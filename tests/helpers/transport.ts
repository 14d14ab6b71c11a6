import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileNameOf, formOf, retryAfterOf, type Transport } from '../../client/api/transport';

export interface CallRecord {
  method: string;
  path: string;
  body: unknown;
  status: number;
  /** The server's answer, parsed when it is JSON. */
  response: unknown;
}

/**
 * The pages' transport, over app.inject instead of fetch: the same calls reach the real routes, with one
 * browser session (the cookie is kept as a browser would) and a log of every request and answer.
 */
export function injectTransport(app: FastifyInstance, log: CallRecord[] = []): Transport & { cookie: () => string | undefined } {
  let cookie: string | undefined;
  // Each transport is its own client, as each browser is: the rate limits count it apart.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const transport: Transport = async ({ method, path, body, binary, stream, upload, signal }) => {
    // As fetch does: a request aborted before it leaves never reaches the server.
    signal?.throwIfAborted();
    // An upload goes as the browser's multipart body would.
    const form = upload ? new Response(formOf(upload)) : undefined;
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      remoteAddress,
      ...(form ? { payload: Buffer.from(await form.arrayBuffer()) } : body === undefined ? {} : { payload: body as object }),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(stream ? { accept: 'text/event-stream' } : {}),
        ...(form ? { 'content-type': form.headers.get('content-type') as string } : {}),
      },
    });
    const session = response.cookies.find((c) => c.name === 'rumbo.sid');
    if (session) cookie = `rumbo.sid=${session.value}`;
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      /* not JSON */
    }
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    if (binary && ok) {
      const file = { bytes: new Uint8Array(response.rawPayload), fileName: fileNameOf(response.headers['content-disposition'] as string | undefined) };
      log.push({ method, path, body, status: response.statusCode, response: { fileName: file.fileName, size: file.bytes.length } });
      return { status: response.statusCode, text: '', file };
    }
    log.push({ method, path, body: upload ? { ...upload.fields, [upload.file.field]: { name: upload.file.name, size: upload.file.blob.size } } : body, status: response.statusCode, response: parsed });
    // app.inject gives the whole body at once: a stream heard in one piece.
    if (stream && ok) stream(response.body);
    const retryAfter = response.statusCode === 429 ? retryAfterOf(response.headers['retry-after'] as string | undefined) : undefined;
    return { status: response.statusCode, text: response.body, ...(retryAfter === undefined ? {} : { retryAfter }) };
  };
  return Object.assign(transport, { cookie: () => cookie });
}
