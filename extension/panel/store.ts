/** The panel's reactive state: the latest snapshot from the background, and whether we have one. */
import { signal } from "@preact/signals";
import type { ConnectionState } from "../state/connection";

/** null until the background's first snapshot arrives. */
export const connection = signal<ConnectionState | null>(null);

/** False while the background port is down (e.g. the service worker is restarting). */
export const backgroundLinked = signal(false);
