/** How to bring page text to goose: the context menu and the shortcut (as bound now), and where to change it. */
import { useEffect, useState } from "preact/hooks";
import { quickPromptShortcut } from "../context/shortcut-binding";
import { platform } from "../platform";

export function ShortcutTip() {
  const [shortcut, setShortcut] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    quickPromptShortcut().then(setShortcut, () => setShortcut(null));
  }, []);
  if (shortcut === undefined) return null;
  return (
    <p class="tip">
      Select text on a page and right-click <strong>Ask goose about selection</strong>
      {shortcut ? (
        <>
          , or press <kbd>{shortcut}</kbd>
        </>
      ) : (
        ", or set a keyboard shortcut"
      )}
      .{" "}
      <button type="button" class="link-button" onClick={() => void platform.openShortcutSettings()}>
        Change the shortcut
      </button>
    </p>
  );
}
