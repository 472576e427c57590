/**
 * e2e builds only (`wxt build --mode e2e`): the very listeners registered for a context-menu click
 * and a shortcut, on the background's global, so tests can fire them in browsers whose events have
 * no `dispatch()` (Firefox). A headless browser cannot click a native menu or press a global shortcut.
 */
import type { GestureListeners } from "./index";

export function exposeGesturesForTests(gestures: GestureListeners): void {
  (globalThis as unknown as { __gooseE2E: GestureListeners }).__gooseE2E = gestures;
}
