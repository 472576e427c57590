/**
 * The folder the session on screen works in, and, where the agent serves goose's working-dir/update,
 * moving the session there: same session, same agent process, no restart (goose moves its tools).
 */
import { signal } from "@preact/signals";
import { useEffect, useRef, useState } from "preact/hooks";
import { offersGoose } from "../../state/connection/goose-controls";
import { send } from "../../view/background-link";
import { activeSessionId, agent, connection, sessions } from "../../view/state-signals";
import { homeRelative } from "../history/history-groups";
import { IconButton } from "../icons";
import "./session-folder.css";

/** The move form is open (one per panel: it is about the session on screen). */
const formOpen = signal(false);

function activeFolder(): string | null {
  const id = activeSessionId.value;
  return id ? (sessions.value[id]?.cwd ?? null) : null;
}

/** In the agent's status (the composer's row): the session's folder when it is not where the agent runs. */
export function SessionFolderNote() {
  const folder = activeFolder();
  const c = connection.value;
  const agentFolder = c?.agent?.state === "running" ? c.agent.cwd : null;
  if (!folder || folder === agentFolder) return null;
  return <span class="agent-line__folder" title={folder}>{`· this session in \u200e${homeRelative(folder)}`}</span>;
}

/** In the agent's status, for an agent that can move a session: opens the form. */
export function SessionFolderButton() {
  const folder = activeFolder();
  if (!folder || !offersGoose(agent.value, "workingDir")) return null;
  return (
    <IconButton
      icon="folder"
      label="Working folder"
      hint={`This session works in ${folder}: move it to another folder, without a restart`}
      onClick={() => (formOpen.value = !formOpen.value)}
    />
  );
}

/** Above the composer while open: the folder to move the session on screen to. */
export function SessionFolderForm() {
  const folder = activeFolder();
  const id = activeSessionId.value;
  if (!formOpen.value || !folder || !id || !offersGoose(agent.value, "workingDir")) return null;
  // Keyed by the session, so the box starts from that session's folder when it first shows.
  return <FolderForm key={id} sessionId={id} folder={folder} />;
}

function FolderForm({ sessionId, folder }: { sessionId: string; folder: string }) {
  const [text, setText] = useState(folder);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.select(), []);
  const close = () => (formOpen.value = false);
  return (
    <form
      class="session-folder"
      aria-label="Working folder of this session"
      onSubmit={(e) => {
        e.preventDefault();
        const to = text.trim();
        if (to && to !== folder) send({ type: "set_session_folder", sessionId, cwd: to });
        close();
      }}
    >
      <label class="session-folder__field">
        <span>Working folder of this session (an absolute path)</span>
        <input
          ref={box}
          type="text"
          value={text}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              close();
            }
          }}
        />
      </label>
      <div class="session-folder__actions">
        <button type="submit" disabled={!text.trim()}>
          Move
        </button>
        <button type="button" class="button button--ghost" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
