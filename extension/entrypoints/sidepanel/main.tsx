import { render } from "preact";
import { App } from "../../panel/App";
import { linkToBackground } from "../../panel/background-link";
import "../../panel/panel.css";

linkToBackground();
render(<App />, document.getElementById("app")!);
