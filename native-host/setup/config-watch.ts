/**
 * Tells the host when its config file may have changed, so a profile added while the browser runs
 * (`goose-browser add`, an edit) is usable without restarting the browser. The folder is watched,
 * not the file: an atomic save replaces the file (a rename), which ends a watch on the file itself.
 * Several events arrive for one save, so they are gathered for `debounceMs`. fs.watch is not
 * available everywhere (some network file systems): the host also re-reads the file before each
 * start and restart, so a failed watch only means the list in Options updates later.
 */
import fs from "node:fs";
import path from "node:path";

export function watchConfigFile(file: string, onChange: () => void, onError: (message: string) => void, debounceMs = 150): () => void {
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;
  try {
    watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      // Some platforms do not name the file: any change in the folder is then worth a re-read.
      if (changed !== null && changed !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    });
    watcher.on("error", (e) => onError(`watching ${file} stopped: ${e.message}`));
  } catch (e) {
    onError(`cannot watch ${file} (${(e as Error).message}); it is re-read on each start and restart`);
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
