/** Which sessions History lists: goose's archived ones only when the user asks for them. Pure. */
import type { SessionInfo } from "../../acp/schema";
import { archivedAt } from "../../state/connection/goose-controls";

export function listedSessions(items: readonly SessionInfo[], showArchived: boolean): SessionInfo[] {
  return showArchived ? [...items] : items.filter((item) => archivedAt(item) === null);
}

export function archivedCount(items: readonly SessionInfo[]): number {
  return items.filter((item) => archivedAt(item) !== null).length;
}
