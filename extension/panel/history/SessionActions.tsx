/**
 * A History row's menu of goose's own controls (rename, archive or unarchive), each shown only where
 * the running agent serves its method (state/goose-controls.ts); other agents get no menu.
 */
import type { SessionInfo } from "../../acp/schema";
import { archivedAt, offersGoose } from "../../state/connection/goose-controls";
import { send } from "../../view/background-link";
import { agent } from "../../view/state-signals";
import { type MenuAction, MenuButton } from "../header/Menu";

export function SessionActions({ item, title, onRename }: { item: SessionInfo; title: string; onRename(): void }) {
  const a = agent.value;
  const archived = archivedAt(item) !== null;
  const actions: MenuAction[] = [];
  if (offersGoose(a, "rename"))
    actions.push({ label: "Rename", icon: "edit", run: onRename, hint: "Give this session a name of your own" });
  if (!archived && offersGoose(a, "archive"))
    actions.push({
      label: "Archive",
      icon: "down",
      run: () => send({ type: "archive_session", sessionId: item.sessionId, archived: true }),
      hint: "Hide it from History; it stays in goose and can be shown again",
    });
  if (archived && offersGoose(a, "unarchive"))
    actions.push({
      label: "Unarchive",
      icon: "up",
      run: () => send({ type: "archive_session", sessionId: item.sessionId, archived: false }),
      hint: "List it in History again",
    });
  if (actions.length === 0) return null;
  return <MenuButton label={`Actions for ${title}`} icon="more" actions={actions} />;
}
