import { defineBackground } from "wxt/utils/define-background";
import { startBackground } from "../background";
import { exposeGesturesForTests } from "../background/gesture-test-hook";
import { exposeBrowserToolsForTests } from "../browser-tools/test-hook";

export default defineBackground(() => {
  const gestures = startBackground();
  if (import.meta.env.MODE === "e2e") {
    exposeBrowserToolsForTests();
    exposeGesturesForTests(gestures);
  }
});
