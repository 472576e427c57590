/**
 * The one reducer behind ClientState. The background applies each event, forwards it to panels, and
 * every panel applies it to its own snapshot, so this must be pure and deterministic: no clocks, no
 * random ids, no Map/Set (state crosses structured clone). It returns the same object when an event
 * changes nothing (the store skips the broadcast then) and copies only what changes.
 *
 * This file only routes: each event's handling lives in the section file it names, and the switch
 * has a case for every event (the compiler checks, through `unknownEvent`).
 */
import type { ClientEvent, ClientState } from "../sessions/client-state";
import { agentFailed, agentInitializing, agentOffline, agentReady, agentServesFork, agentUnsupported } from "./agent-phase";
import { elicitationRequested, elicitationResolved } from "./elicitations";
import { permissionAutoAllowed, permissionRequested, permissionResolved } from "./permissions";
import { agentName, cancelRequested, promptFailed, promptFinished, promptSent, sessionError } from "./prompt-turn";
import { holdQueues, reduceQueue } from "./queue";
import { applySessionUpdate, withCurrentMode } from "./session-update";
import { forkNoteSent, forksKnown, sessionForked, titledFork } from "./sessions/fork";
import { agentServesGoose, sessionArchived, sessionFolderChanged, sessionRenamed } from "./sessions/goose-sessions";
import { historyFailed, historyLoaded, historyLoading, historyRemoved } from "./sessions/history-list";
import {
  dropsReplayed,
  sessionActivated,
  sessionClosed,
  sessionLoaded,
  sessionOpened,
  sessionOpenFailed,
  sessionOpening,
  sessionReloading,
} from "./sessions/session-lifecycle";
import { sessionRestored } from "./sessions/session-resume";
import { followTabs, tabClosed, tabReplaced, tabsRestored } from "./sessions/session-tabs";
import { followSteering } from "./steering";
import { appendNotice, updateSession } from "./structural-sharing";

export function reduceClient(state: ClientState, event: ClientEvent): ClientState {
  return followTabs(state, followSteering(holdQueues(state, reduceEvent(state, event), event), event), event);
}

function reduceEvent(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case "agent_initializing":
      return agentInitializing(state);
    case "agent_ready":
      return agentReady(state, event);
    case "agent_unsupported":
      return agentUnsupported(state, event);
    case "agent_failed":
      return agentFailed(state, event);
    case "agent_serves_fork":
      return agentServesFork(state);
    case "agent_serves_goose":
      return agentServesGoose(state, event);
    case "session_renamed":
      return sessionRenamed(state, event);
    case "session_archived":
      return sessionArchived(state, event);
    case "session_folder_changed":
      return sessionFolderChanged(state, event);
    case "agent_offline":
      return agentOffline(state, event);

    case "session_opening":
      return sessionOpening(state, event);
    case "session_opened":
      return sessionOpened(state, event);
    case "session_loaded":
      return sessionLoaded(state, event);
    case "session_open_failed":
      return sessionOpenFailed(state, event);
    case "session_activated":
      return sessionActivated(state, event);
    case "session_closed":
      return sessionClosed(state, event);

    // Events about one session: an unknown session id changes nothing.
    case "session_update":
      return updateSession(state, event.sessionId, (s) =>
        dropsReplayed(s, event.update) ? s : applySessionUpdate(s, titledFork(state.forks, event.sessionId, event.update)),
      );
    case "config_options_changed":
      return updateSession(state, event.sessionId, (s) => ({ ...s, configOptions: event.configOptions }));
    case "mode_changed":
      return updateSession(state, event.sessionId, (s) => withCurrentMode(s, event.modeId));
    case "prompt_sent":
      return updateSession(state, event.sessionId, (s) => promptSent(s, event.content, event.at));
    case "prompt_finished":
      return updateSession(state, event.sessionId, (s) => promptFinished(s, event.stopReason, agentName(state)));
    case "prompt_failed":
      return updateSession(state, event.sessionId, (s) => promptFailed(s, event.error));
    case "session_error":
      return updateSession(state, event.sessionId, (s) => sessionError(s, event.error));
    case "session_reloading":
      return updateSession(state, event.sessionId, (s) => sessionReloading(s, event.reloading));
    case "session_notice":
      return updateSession(state, event.sessionId, (s) => appendNotice(s, event.tone, event.text));
    case "cancel_requested":
      return updateSession(state, event.sessionId, cancelRequested);
    case "permission_requested":
      return updateSession(state, event.sessionId, (s) => permissionRequested(s, event));
    case "permission_resolved":
      return updateSession(state, event.sessionId, (s) => permissionResolved(s, event.key, event.optionId));
    case "permission_auto_allowed":
      return updateSession(state, event.sessionId, (s) => permissionAutoAllowed(s, event));

    case "history_loading":
      return historyLoading(state);
    case "history_loaded":
      return historyLoaded(state, event);
    case "history_failed":
      return historyFailed(state, event);
    case "history_removed":
      return historyRemoved(state, event);

    case "session_restored":
      return sessionRestored(state, event);
    case "session_forked":
      return sessionForked(state, event);
    case "fork_note_sent":
      return forkNoteSent(state, event);
    case "forks_known":
      return forksKnown(state, event);
    case "elicitation_requested":
      return elicitationRequested(state, event);
    case "elicitation_resolved":
      return elicitationResolved(state, event);
    case "tabs_restored":
      return tabsRestored(state, event);
    case "tab_closed":
      return tabClosed(state, event);
    case "tab_replaced":
      return tabReplaced(state, event);
    case "queue_added":
    case "queue_edited":
    case "queue_removed":
    case "queue_moved":
    case "queue_resumed":
    case "queue_sent":
    case "queue_taken":
    case "queue_returned":
    case "steer_added":
    case "queue_restored":
    case "steer_refused":
      return reduceQueue(state, event);

    default:
      return unknownEvent(state, event);
  }
}

/**
 * A newer background may send events this panel doesn't know yet: they change nothing. Typed `never`
 * so that an event added to ClientEvent without a case above fails to compile.
 */
function unknownEvent(state: ClientState, _event: never): ClientState {
  return state;
}
