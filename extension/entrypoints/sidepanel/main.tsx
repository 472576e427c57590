import { render } from "preact";
import { App } from "../../panel/App";
import { startComposerInput } from "../../panel/attachments";
import { linkToBackground } from "../../view/background-link";
import "../../panel/panel.css";
import "../../panel/conversation.css";

linkToBackground();
void startComposerInput();
render(<App />, document.getElementById("app")!);
