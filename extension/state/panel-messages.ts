/** The side panel ⇄ background port: the background pushes state, the panel asks for actions. */
import type { ConnectionState } from "./connection";

export const PANEL_PORT_NAME = "panel";

export type BackgroundToPanel = { type: "snapshot"; state: ConnectionState };

export type PanelToBackground = { type: "restart" };

export function isPanelToBackground(value: unknown): value is PanelToBackground {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "restart";
}

export function isBackgroundToPanel(value: unknown): value is BackgroundToPanel {
  if (typeof value !== "object" || value === null) return false;
  const m = value as { type?: unknown; state?: unknown };
  return m.type === "snapshot" && typeof m.state === "object" && m.state !== null;
}
