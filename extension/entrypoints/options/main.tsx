import { render } from "preact";
import { OptionsApp } from "../../options/OptionsApp";
import "../../panel/panel.css";
import "../../options/options.css";

render(<OptionsApp />, document.getElementById("app")!);
