/** The user's browser-tools switch: off until they turn it on (panel or options page); the background owns it. */
import { storage } from "wxt/utils/storage";

export const browserToolsEnabledItem = storage.defineItem<boolean>("local:goose.browserTools.enabled", { fallback: false });
