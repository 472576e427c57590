/** Wires the background: one store, the native connection, the ACP client, the panels, and the browser entry points. */
import browser from "webextension-polyfill";
import { readAllowedNow, runToolCall, sharedRunnerDeps } from "../browser-tools";
import { platform } from "../platform";
import { type AppEvent, initialAppState, reduceApp } from "../state/app";
import { type AgentChoice, type ConnectionEvent, setupLink } from "../state/connection/connection";
import type { DirectServe } from "../state/connection/direct-serve";
import { storedActionLog } from "../storage/action-log";
import { agentChoiceItem, directServeItem } from "../storage/agent-choice";
import { browserToolsEnabledItem } from "../storage/browser-tools-switch";
import { storedFileEdits } from "../storage/edits/file-edits";
import { storedForkProbes } from "../storage/fork-probes";
import { storedGooseControls } from "../storage/goose-controls";
import { storedQueues } from "../storage/message-queue";
import { storedForks } from "../storage/session-forks";
import { storedMeta } from "../storage/session-meta";
import { storedTabs } from "../storage/session-tabs";
import { settingsItem } from "../storage/settings";
import { tryAgentChoice } from "./agent-choice";
import { BrowserToolsService } from "./browser-tools/browser-tools-service";
import { questionForUs } from "./browser-tools/our-questions";
import { ClientController } from "./client/controller";
import { GooseFeatures } from "./client/goose/goose-features";
import { commandRouter } from "./command-router";
import { onContextMenuClick, registerContextMenu } from "./context-menu";
import { type DirectDeps, DirectPort } from "./direct/direct-port";
import { HostRecheck } from "./host/host-recheck";
import { NativeConnection } from "./host/native-connection";
import { undoEdits } from "./host/undo-edits";
import { Attention } from "./indicators/attention";
import { badgeUpdater } from "./indicators/badge";
import { notifyFinished, openPanelOnNotificationClick } from "./indicators/notify";
import { groupTitleUpdater } from "./indicators/tab-group-title";
import { tabIndicator } from "./indicators/tab-indicator";
import { createStore, sliceStore } from "./observable-store";
import { servePanels } from "./panel/panel-bridge";
import { ActionLogPersistence } from "./persistence/action-log-persistence";
import { FileEditsPersistence } from "./persistence/file-edits-persistence";
import { QueuePersistence } from "./persistence/queue-persistence";
import { persistTabs } from "./persistence/tab-persistence";
import { onShortcut } from "./shortcut";

/** The listeners of the user's gestures, as registered with the browser (for the e2e build's test hook). */
export interface GestureListeners {
  clickMenu: Parameters<typeof browser.contextMenus.onClicked.addListener>[0];
  pressCommand: Parameters<typeof browser.commands.onCommand.addListener>[0];
}

/** The direct path's browser parts: its WebSocket, fetch and timers, and this extension's origin. */
function directDeps(): DirectDeps {
  return {
    origin: browser.runtime.getURL("").replace(/\/$/, ""),
    openSocket: (url) => new WebSocket(url),
    fetch: (url, init) => fetch(url, init),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

export function startBackground(): GestureListeners {
  platform.openPanelOnToolbarClick();
  const log = (message: string, detail?: unknown) => console.info(`goose: ${message}`, detail ?? "");
  const settings = () => settingsItem.getValue();

  const store = createStore(initialAppState, reduceApp);
  // Read before the first connect (a panel opening); until then the host's defaults apply.
  let agentChoice: AgentChoice = {};
  // The goose serve to use when there is no host (the setup screen's; background/direct/).
  let direct: DirectServe | null = null;
  let directChanged = false;
  const choiceLoaded = Promise.all([agentChoiceItem.getValue(), directServeItem.getValue()]).then(([c, d]) => {
    agentChoice = c;
    // A change seen while this read was on its way is newer than what it read.
    if (!directChanged) direct = d;
  });
  let client: ClientController | null = null;
  let tools: BrowserToolsService | null = null;
  const native = new NativeConnection(
    sliceStore(
      store,
      (s) => s.connection,
      (event: ConnectionEvent): AppEvent => ({ scope: "connection", event }),
    ),
    {
      connectNative: (name) => browser.runtime.connectNative(name),
      lastErrorMessage: () => browser.runtime.lastError?.message,
      hostAllows: platform.hostAllowEntry(browser.runtime.id),
      agentChoice: () => agentChoice,
      onJsonRpc: (message) => client?.deliver(message),
      onToolCall: (call, answer) => void tools?.handleCall(call, answer),
      onToolOffer: (offer) => tools?.offerReported(offer),
      onFileEdits: (event) => store.dispatch({ scope: "edits", event }),
      direct: (tryHost) => (direct ? new DirectPort(direct, { ...directDeps(), tryHost }) : null),
      log,
    },
  );
  directServeItem.watch((d) => {
    direct = d;
    directChanged = true;
    // Set up from the setup screen: connect now. Forgotten while in use: back to looking for the host.
    const link = store.get().connection.link;
    if ((d && setupLink(link)) || (!d && link.phase === "ready" && link.hello.direct)) native.connect();
  });
  const queue = new QueuePersistence(store, storedQueues, log);
  void persistTabs(store, storedTabs, log);
  new ActionLogPersistence(store, storedActionLog, log);
  new FileEditsPersistence(store, storedFileEdits, log);
  const shared = sharedRunnerDeps();
  client = new ClientController({
    store,
    sendJsonRpc: (message) => native.sendJsonRpc(message),
    meta: storedMeta,
    forks: storedForks,
    forkProbes: storedForkProbes,
    gooseControls: storedGooseControls,
    flushQueue: () => queue.flush(),
    onPermissionAnswered: (request, option) => tools?.agentPermissionAnswered(request, option),
    needsNoQuestion: (request) => questionForUs(store.get(), request, (tool, args) => readAllowedNow(shared.api, tool, args)),
    panelsOpen: () => panelsOpen,
    chosenCwd: () => agentChoice.cwd,
    log,
  });
  let panelsOpen = 0;
  const recheck = new HostRecheck({
    recheck: () => native.connect(true),
    watchers: () => panelsOpen,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  store.subscribe((state, event) => {
    if (event.scope === "connection") recheck.observe(state.connection);
  });
  tools = new BrowserToolsService({
    store,
    sendHost: (command) => native.sendHost(command),
    run: runToolCall,
    shared,
    enabledItem: browserToolsEnabledItem,
    hasTabsPermission: () => browser.permissions.contains({ permissions: ["tabs"] }),
    panelsOpen: () => panelsOpen,
    openPanel: () => platform.openPanel(undefined),
    reloadSession: (sessionId) => client.reloadSession(sessionId),
    focusTab: async (tabId) => {
      const tab = await browser.tabs.update(tabId, { active: true });
      if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
    },
    log,
  });
  const toolsService = tools;
  // Only a host that was ready can have asked for anything: the setup screen's quiet rechecks cancel nothing.
  let hostWasReady = false;
  store.subscribe((state, event) => {
    if (event.scope !== "connection") return;
    if (event.event.type === "hello" && state.connection.link.phase === "ready") {
      hostWasReady = true;
      void toolsService.onHello(event.event.hello);
    }
    if ((event.event.type === "disconnected" || event.event.type === "connecting") && hostWasReady) {
      hostWasReady = false;
      toolsService.disconnected();
    }
    if (event.event.type === "agent_status" && event.event.status.state !== "running") toolsService.agentStopped();
  });
  store.subscribe((_, event) => {
    if (event.scope === "client") toolsService.clientEvent(event.event);
  });
  browser.tabs.onRemoved.addListener((tabId) => void toolsService.forgetTab(tabId));

  const chooseAgent = async (choice: AgentChoice): Promise<boolean> => {
    // Only the folder changed, and goose can move the open sessions there: no restart.
    if (choice.cwd && choice.profile === agentChoice.profile && client) {
      const moved = await client.moveOpenSessions(choice.cwd);
      if (moved === "refused") return false;
      if (moved === "moved") {
        agentChoice = choice;
        await agentChoiceItem.setValue(choice);
        return true;
      }
    }
    return tryAgentChoice(choice, {
      connection: () => store.get().connection,
      onConnectionEvent: (listener) => store.subscribe((_, e) => (e.scope === "connection" ? listener(e.event) : undefined)),
      current: () => agentChoice,
      use: (c) => {
        agentChoice = c;
      },
      store: (c) => agentChoiceItem.setValue(c),
      restart: () => native.restart(),
    });
  };
  const route = commandRouter(
    {
      restart: () => native.restart(),
      recheck: () => recheck.nudge(store.get().connection),
      diagnose: () => native.diagnose(),
      serveProfile: (command) => void native.sendHost(command),
      chooseAgent: async (choice) => void (await chooseAgent(choice)),
      useAgent: async (profile) => {
        await choiceLoaded; // the folder chosen in the options page stays
        await chooseAgent({ ...agentChoice, profile });
      },
    },
    client,
    {
      setBrowserTools: (enabled) => toolsService.setEnabled(enabled),
      answerConsent: (id, answer) => toolsService.answerConsent(id, answer),
      showTab: (tabId) => toolsService.showTab(tabId),
    },
    {
      undoEdits: (sessionId, editIds) => undoEdits(store, (command) => native.sendHost(command), sessionId, editIds),
      closeReview: (sessionId) => store.dispatch({ scope: "edits", event: { type: "review_closed", sessionId } }),
    },
    new GooseFeatures(store, client),
  );

  const attention = new Attention();
  const action = platform.toolbarButton();
  const badge = badgeUpdater(action);
  const indicator = tabIndicator(action);
  const groupTitles = groupTitleUpdater((name, working) => shared.api.retitleGroups(name, working));
  store.subscribe((state, event) => {
    if (event.scope === "tools") indicator(state);
    if (event.scope === "tools" || event.scope === "client") groupTitles(state, event);
    const news = attention.observe(state, event, panelsOpen);
    badge(state, attention.finished);
    if (news) void settings().then((s) => ((news.background ? s.notifyTabs : s.notify) ? notifyFinished(news) : undefined));
  });

  servePanels({
    onConnect: browser.runtime.onConnect,
    extensionId: browser.runtime.id,
    store,
    onPanelOpen: () => {
      void choiceLoaded.then(() => native.ensureConnected());
      const target = attention.takeTarget(store.get());
      if (target) void client.openSession(target);
      badge(store.get(), null);
    },
    onOptionsOpen: () => void choiceLoaded.then(() => native.ensureConnected()),
    onPanelCount: (n) => {
      const opened = n > panelsOpen;
      panelsOpen = n;
      if (opened) client.panelOpened();
      recheck.observe(store.get().connection);
    },
    onCommand: (command) => void route(command),
  });

  // The panel opens inside the click (a gesture), then shows the session's tab.
  const openOnTab = (sessionId: string) => {
    platform.openPanel(undefined);
    void client.openSession(sessionId);
  };
  openPanelOnNotificationClick(openOnTab);
  browser.permissions.onAdded.addListener(() => openPanelOnNotificationClick(openOnTab));

  browser.runtime.onInstalled.addListener(registerContextMenu);
  browser.runtime.onStartup.addListener(registerContextMenu);
  const gestures: GestureListeners = {
    clickMenu: (info, tab) => onContextMenuClick(info, tab, { settings }),
    pressCommand: (command, tab) => onShortcut(command, tab, { panelsOpen: () => panelsOpen }),
  };
  browser.contextMenus.onClicked.addListener(gestures.clickMenu);
  browser.commands.onCommand.addListener(gestures.pressCommand);
  return gestures;
}
