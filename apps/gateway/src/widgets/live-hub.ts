import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LIVE_CONVERSATIONS_SUBJECT } from '@app/contracts';
import type { LiveConversationEvent, SessionResponse } from '@app/contracts';
import { LIVE_CHANNEL } from '@app/messaging';
import type { LiveChannel } from '@app/messaging';

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

type Listener = (event: LiveConversationEvent) => void;

/**
 * This gateway's Server-Sent-Events clients, by session. Every replica subscribes to the live
 * feed (no queue group), so whichever gateway a visitor's stream is on hears the session's news.
 */
@Injectable()
export class LiveHub implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(LiveHub.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly open = new Set<ServerResponse>();
  private unsubscribe?: () => void;

  constructor(@Inject(LIVE_CHANNEL) private readonly channel: LiveChannel) {}

  async onModuleInit(): Promise<void> {
    try {
      this.unsubscribe = await this.channel.subscribe(LIVE_CONVERSATIONS_SUBJECT, (payload) =>
        this.dispatch(payload as LiveConversationEvent),
      );
    } catch (err) {
      this.logger.error({ err }, 'Could not subscribe to the live conversation feed');
    }
  }

  /** Streams end cleanly (the browser's EventSource reconnects to another replica). */
  beforeApplicationShutdown(): void {
    this.unsubscribe?.();
    for (const response of this.open) response.end();
    this.open.clear();
    this.listeners.clear();
  }

  /** Takes over the response: headers, the session as it is now, then its news until the client leaves. */
  stream(session: SessionResponse, request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.write(`retry: 3000\n\n`);
    write(response, 'session', session);
    const listener: Listener = (event) => {
      if (event.kind === 'message') write(response, 'message', event.message);
      else write(response, 'session', event.session);
    };
    const listeners = this.listeners.get(session.id) ?? new Set<Listener>();
    listeners.add(listener);
    this.listeners.set(session.id, listeners);
    this.open.add(response);
    const heartbeat = setInterval(() => response.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
    const done = () => {
      clearInterval(heartbeat);
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(session.id);
      this.open.delete(response);
    };
    request.on('close', done);
    response.on('close', done);
  }

  private dispatch(event: LiveConversationEvent): void {
    for (const listener of this.listeners.get(event.session_id) ?? []) listener(event);
  }
}

function write(response: ServerResponse, event: 'message' | 'session', data: unknown): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
