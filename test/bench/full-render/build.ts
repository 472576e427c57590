/**
 * The benchmark build (`npm run build:ext:bench`): `wxt build --mode bench` with the full re-render
 * baseline as the panel's message list (plugin.ts). The plugin is passed here, beside WXT's own config,
 * so the product's config never imports test code.
 */
import { build } from "wxt";
import { fullRenderBaseline } from "./plugin";

await build({ mode: "bench", vite: () => ({ plugins: [fullRenderBaseline()] }) });
