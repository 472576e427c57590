import { defineBackground } from "wxt/utils/define-background";
import { startBackground } from "../background";
import { exposeBrowserToolsForTests } from "../browser-tools/test-hook";

export default defineBackground(() => {
  startBackground();
  if (import.meta.env.MODE === "e2e") exposeBrowserToolsForTests();
});
