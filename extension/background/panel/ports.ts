/**
 * The slice of a runtime Port this extension uses. Both chrome.runtime.Port and the polyfill's
 * Runtime.Port satisfy it, and tests can fake it in a few lines.
 */
export interface PortEvent<A extends unknown[]> {
  addListener(listener: (...args: A) => void): void;
}

export interface MessagePort {
  name: string;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: PortEvent<[message: unknown]>;
  onDisconnect: PortEvent<[]>;
  /** Set by Firefox when the port closed on an error (Chrome uses runtime.lastError instead). */
  error?: { message?: string } | null;
  sender?: { id?: string };
}
