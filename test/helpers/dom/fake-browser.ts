/**
 * WXT's in-memory fake of the extension APIs (storage areas with onChanged, runtime, tabs…), installed
 * as the globals `wxt/utils/storage` and webextension-polyfill read when they load: import this
 * (a bare `import ".../helpers/dom/fake-browser"`, which import sorting leaves in place) before the module
 * under test. `fakeBrowser.reset()` between tests.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";

Object.assign(globalThis, { browser: fakeBrowser, chrome: fakeBrowser });
