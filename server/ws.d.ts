// The part of `ws` 8 (a dependency of the platform: the WebSocketServer that @hono/node-server's
// upgradeWebSocket runs on, and the tests' client) that this project uses, typed here instead of
// adding @types/ws. Add to it when using more of ws; delete it if @types/ws is ever installed.

declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  type ReadyState = 0 | 1 | 2 | 3;
  type Data = Buffer | ArrayBuffer | Buffer[];

  export interface ServerOptions {
    noServer?: boolean;
    /** The largest message accepted, in bytes; a larger one closes the socket with 1009. */
    maxPayload?: number;
    perMessageDeflate?: boolean;
    clientTracking?: boolean;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    readonly options: ServerOptions;
    readonly clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (ws: WebSocket, request: IncomingMessage) => void): void;
    close(callback?: (error?: Error) => void): void;
  }

  export interface ClientOptions {
    headers?: Record<string, string>;
    maxPayload?: number;
    handshakeTimeout?: number;
  }

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string | URL, protocols?: string | string[], options?: ClientOptions);
    constructor(address: string | URL, options?: ClientOptions);
    readonly readyState: ReadyState;
    readonly protocol: string;
    send(data: string | Buffer | ArrayBuffer | ArrayBufferView, callback?: (error?: Error) => void): void;
    send(
      data: string | Buffer | ArrayBuffer | ArrayBufferView,
      options?: { compress?: boolean; binary?: boolean; fin?: boolean; mask?: boolean },
      callback?: (error?: Error) => void,
    ): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: Data, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  export default WebSocket;
}
