import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type pg from 'pg';

/**
 * Change notices between server processes: when one process changes what the others keep in memory (prices,
 * branding, plans), every process drops its copy at once, not after a time.
 */
export interface ChangeNotices {
  /**
   * Tells every process, this one first and at once, that `topic` changed. Never fails: a notice that cannot be
   * sent is logged, and the other processes' copies age out (SiteService keeps them 5 s at most).
   */
  publish(topic: string): Promise<void>;
  /** Runs `drop` when `topic` changes anywhere, and whenever notices may have been missed (after a reconnect). */
  subscribe(topic: string, drop: () => void): void;
  close(): Promise<void>;
}

const ANY = Symbol('any');

/** The notices of this process only: enough for one process (SQLite), and what the shared kinds build on. */
export class LocalNotices implements ChangeNotices {
  protected readonly local = new EventEmitter();

  async publish(topic: string): Promise<void> {
    this.deliver(topic);
  }

  subscribe(topic: string, drop: () => void): void {
    this.local.on(topic, drop);
    this.local.on(ANY, drop);
  }

  /** Runs the subscribers of `topic`. */
  protected deliver(topic: string): void {
    this.local.emit(topic);
  }

  /** Runs every subscriber: notices may have been lost while the connection was down. */
  protected missed(): void {
    this.local.emit(ANY);
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
  }
}

/** Redis pub/sub: a second connection listens (a subscribed connection can do nothing else). */
export class RedisNotices extends LocalNotices {
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    private readonly listener: Redis,
    prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    super();
    this.channel = `${prefix}changes`;
    listener.on('message', (channel: string, topic: string) => {
      if (channel === this.channel) this.deliver(topic);
    });
    // After a reconnect the channel is subscribed to again here (the connection is made without ioredis's own
    // resubscription); what was published meanwhile is lost, so everything is dropped.
    let connected = listener.status === 'ready';
    listener.on('ready', () => {
      if (connected) {
        this.missed();
        this.listener.subscribe(this.channel).catch(this.onError);
      }
      connected = true;
    });
  }

  async start(): Promise<void> {
    await this.listener.subscribe(this.channel);
  }

  override async publish(topic: string): Promise<void> {
    this.deliver(topic);
    await this.publisher.publish(this.channel, topic).catch(this.onError);
  }

  override async close(): Promise<void> {
    await super.close();
    this.listener.disconnect();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY, for processes that share a PostgreSQL database but no Redis: one client of its own
 * listens (a pooled connection could be handed to a query mid-notice), and reconnects after an error.
 */
export class PgNotices extends LocalNotices {
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connect: () => Promise<pg.Client>,
    private readonly notify: (channel: string, topic: string) => Promise<void>,
    private readonly channel: string,
    private readonly onError: (err: unknown) => void,
  ) {
    super();
  }

  async start(): Promise<void> {
    const client = await this.connect();
    const lost = (err: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => {});
      this.reconnect(err);
    };
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.deliver(message.payload);
    });
    client.on('error', lost);
    client.on('end', () => lost(new Error('the LISTEN connection ended')));
    this.client = client;
    await client.query(`LISTEN "${this.channel}"`);
  }

  /** Listens again a second later (and again after that, until it can), then drops everything: notices were missed. */
  private reconnect(err: unknown): void {
    if (this.closed || this.retry) return;
    this.onError(err);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed) return;
      this.start().then(
        () => this.missed(),
        (error) => this.reconnect(error),
      );
    }, 1000);
    this.retry.unref();
  }

  override async publish(topic: string): Promise<void> {
    this.deliver(topic);
    await this.notify(this.channel, topic).catch(this.onError);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await super.close();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
