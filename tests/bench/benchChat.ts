// The chats' speed (issue 13), with the built-in engine: how soon the first piece of a streamed reply arrives,
// and 50 conversations answered at once without an error.

const MESSAGES = ['Hola', 'soy mexicana', 'turismo', 'ana.bench@example.com', 'Ana'];

/** Sends one streamed turn; the time to its first piece and whether it ended with `done`. */
async function streamedTurn(baseUrl: string, cookie: string | undefined, sessionId: string, message: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/aivisa/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ sessionId, message, language: 'es' }),
  });
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !response.body) return { firstPiece: Number.NaN, ok: false, cookie: setCookie ?? cookie };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let firstPiece = Number.NaN;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (Number.isNaN(firstPiece) && part.value.includes('event: piece')) firstPiece = performance.now() - started;
    text += part.value;
  }
  return { firstPiece, ok: text.includes('event: done'), cookie: setCookie ?? cookie };
}

export async function chatTimes(baseUrl: string): Promise<{ firstPiece: number[]; concurrentErrors: number; concurrentWorstMs: number }> {
  const firstPiece: number[] = [];
  for (let s = 0; s < 12; s += 1) {
    let cookie: string | undefined;
    for (const message of MESSAGES) {
      const turn = await streamedTurn(baseUrl, cookie, `bench-seq-${s}-${Date.now()}`, message);
      cookie = turn.cookie;
      firstPiece.push(turn.firstPiece);
    }
  }
  // Fifty browsers, each with its session, then one message each at the same moment.
  const browsers = await Promise.all(Array.from({ length: 50 }, async (_, i) => ({ id: `bench-many-${i}-${Date.now()}`, cookie: (await streamedTurn(baseUrl, undefined, `bench-warm-${i}-${Date.now()}`, 'Hola')).cookie })));
  const started = performance.now();
  const turns = await Promise.all(browsers.map((b) => streamedTurn(baseUrl, b.cookie, b.id, 'soy colombiana y viajo por turismo')));
  return { firstPiece, concurrentErrors: turns.filter((t) => !t.ok).length, concurrentWorstMs: Math.round(performance.now() - started) };
}
