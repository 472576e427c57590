/**
 * The setup screen's other way in, for a browser that cannot start the host (Flatpak, snap): goose
 * serve takes the extension's own WebSocket when started with this extension's origin allowed
 * (docs/goose-serve.md). Shows the exact command, with a fresh token and this extension's origin, and
 * keeps the address, token and folder in storage.local, where the background finds them
 * (background/direct/); the browser tools need the host, so they stay off on this path.
 */
import { useState } from "preact/hooks";
import browser from "webextension-polyfill";
import { DIRECT_DEFAULT_URL, directServeCommand, directServeComplete, directToken } from "../../state/connection/direct-serve";
import { directServeItem } from "../../storage/agent-choice";
import { CommandBox } from "./CommandBox";

export function DirectSetup() {
  const [url, setUrl] = useState(DIRECT_DEFAULT_URL);
  const [token, setToken] = useState(() => directToken((b) => crypto.getRandomValues(b)));
  const [cwd, setCwd] = useState("");
  const origin = browser.runtime.getURL("").replace(/\/$/, "");
  const ready = directServeComplete({ url, token, cwd });
  const field = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  return (
    <details class="setup__direct">
      <summary>No host? Connect to goose serve directly (Flatpak, snap)</summary>
      <p>
        A browser from Flatpak or snap cannot start the host. goose serve can take this panel's own connection instead (without the browser
        tools, which need the host). Start it with this extension allowed, and a fresh token:
      </p>
      <CommandBox
        command={directServeCommand({ url, token }, origin, navigator.userAgent)}
        label="Copy the goose serve command"
        secondary
      />
      <label class="setup__field">
        <span>goose serve's address</span>
        <input type="text" value={url} onInput={field(setUrl)} />
      </label>
      <label class="setup__field">
        <span>Token (its GOOSE_SERVER__SECRET_KEY)</span>
        <input type="password" value={token} autocomplete="off" onInput={field(setToken)} />
      </label>
      <label class="setup__field">
        <span>Working folder on goose's machine</span>
        <input type="text" value={cwd} placeholder="/home/me/project" onInput={field(setCwd)} />
      </label>
      <button
        type="button"
        class="button"
        disabled={!ready}
        onClick={() => void directServeItem.setValue({ url: url.trim(), token, cwd: cwd.trim() })}
      >
        Connect to goose serve
      </button>
    </details>
  );
}
