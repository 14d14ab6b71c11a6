import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received and mailparser read it, with the moment it arrived. */
export interface Received {
  mail: ParsedMail;
  to: string;
  at: number;
}

/**
 * A real SMTP server for the tests (issue 43): it takes messages on a port of 127.0.0.1 and keeps each one parsed.
 * `refuse` makes it answer every message with a temporary refusal (421, as a server that is down for a while),
 * `stop` and `start` close and reopen it on the same port (nothing listening at all), `holding` takes a message's data
 * and never answers it, `pausing` takes it and answers it (takes it) only at `resume()`.
 */
export class TestSmtp {
  readonly received: Received[] = [];
  /** Messages refused while `refusing` (each attempt counts). */
  refused = 0;
  refusing = false;
  /**
   * Messages whose data arrived while `holding`: the server never answers them (as a server still writing a message
   * when its client dies), so the client never learns whether it was taken, and the message is not delivered.
   */
  readonly held: Received[] = [];
  holding = false;
  /** Messages whose data arrived while `pausing`, unanswered until `resume()` takes them (a slow server that does take them). */
  readonly paused: Received[] = [];
  private readonly answers: Array<() => void> = [];
  pausing = false;
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.holding) {
            const to = session.envelope.rcptTo.map((r) => r.address).join(',');
            void simpleParser(Buffer.concat(chunks)).then((mail) => this.held.push({ mail, to, at: Date.now() }));
            return;
          }
          if (this.pausing) {
            const to = session.envelope.rcptTo.map((r) => r.address).join(',');
            void simpleParser(Buffer.concat(chunks)).then((mail) => {
              this.paused.push({ mail, to, at: Date.now() });
              this.answers.push(() => {
                this.received.push({ mail, to, at: Date.now() });
                callback(null);
              });
            });
            return;
          }
          if (this.refusing) {
            this.refused += 1;
            const err = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
            callback(err);
            return;
          }
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          simpleParser(Buffer.concat(chunks))
            .then((mail) => {
              this.received.push({ mail, to, at: Date.now() });
              callback(null);
            })
            .catch((err: Error) => callback(err));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
    return this;
  }

  /** Takes every paused message (each answered 250 now, and received) and pauses no more. */
  resume(): void {
    this.pausing = false;
    for (const answer of this.answers.splice(0)) answer();
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to an address, or of a subject's words. */
  to(address: string): Received[] {
    return this.received.filter((r) => r.to === address);
  }

  /** Waits until `done` holds for what was received, or the time runs out (then returns what there is). */
  async until(done: (received: Received[]) => boolean, ms = 15_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (!done(this.received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return this.received;
  }
}

/** The first link into the app a message's text carries, with its path and token. */
export function linkIn(mail: ParsedMail, path: string): { url: string; token: string } {
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  return { url: match[0], token: match[1] as string };
}
