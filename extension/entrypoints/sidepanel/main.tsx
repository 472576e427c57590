import { render } from "preact";
import { App } from "../../panel/App";
import { startContextInbox } from "../../panel/attachments";
import { linkToBackground } from "../../view/background-link";
import "../../panel/panel.css";

linkToBackground();
startContextInbox();
render(<App />, document.getElementById("app")!);
