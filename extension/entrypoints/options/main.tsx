import { effect } from "@preact/signals";
import { render } from "preact";
import { OptionsApp } from "../../options/OptionsApp";
import { OPTIONS_PORT_NAME } from "../../state/panel-messages";
import { linkToBackground, send } from "../../view/background-link";
import { connection } from "../../view/state-signals";
import "../../panel/panel.css";
import "../../options/options.css";

linkToBackground(OPTIONS_PORT_NAME);
// Ask the host for its diagnostics whenever a host (re)connects, its profiles change (host.json was
// edited, or an agent added) and its agent changes state.
let asked: string | null = null;
effect(() => {
  const c = connection.value;
  const key = c?.link.phase === "ready" ? `${c.link.hello.hostPath}:${c.link.hello.profiles.join(",")}:${c.agent?.state ?? ""}` : null;
  if (key && key !== asked) send({ type: "diagnose" });
  asked = key;
});
render(<OptionsApp />, document.getElementById("app")!);
