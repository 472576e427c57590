import { render } from "preact";
import { App } from "../../panel/App";
import { startComposerInput } from "../../panel/composer/attachments";
import { startSearch } from "../../search/panel-search";
import { exposeSearchForTests } from "../../search/test-hook";
import { linkToBackground } from "../../view/background-link";
import "../../panel/panel.css";
import "../../panel/queue/conversation.css";

linkToBackground();
void startComposerInput();
startSearch();
if (import.meta.env.MODE === "e2e") exposeSearchForTests();
render(<App />, document.getElementById("app")!);
