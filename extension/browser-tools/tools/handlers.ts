/**
 * Every browser tool's handler, by name. The mapped type makes tsc refuse a tool without a handler, and a
 * handler in a slot whose parsed arguments are not its own. A new tool: its schema in
 * shared/browser-tools.ts, its file here, its line below (see docs/ARCHITECTURE.md, "Browser tools").
 */
import type { BrowserToolName } from "../../../shared/browser-tools";
import { click } from "./acts/click";
import { drag } from "./acts/drag";
import { fillForm } from "./acts/fill-form";
import { hover } from "./acts/hover";
import { navigate } from "./acts/navigate";
import { openTab } from "./acts/open-tab";
import { pressKey } from "./acts/press-key";
import { scroll } from "./acts/scroll";
import { selectOption } from "./acts/select-option";
import { selectText } from "./acts/select-text";
import { typeText } from "./acts/type";
import type { ToolHandler } from "./context";
import { find } from "./reads/find";
import { getSelection } from "./reads/get-selection";
import { listTabs } from "./reads/list-tabs";
import { pageSnapshot } from "./reads/page-snapshot";
import { readPage } from "./reads/read-page";
import { screenshot } from "./reads/screenshot";
import { waitFor } from "./reads/wait-for";

export const TOOL_HANDLERS: { [K in BrowserToolName]: ToolHandler<K> } = {
  list_tabs: listTabs,
  read_page: readPage,
  get_selection: getSelection,
  page_snapshot: pageSnapshot,
  find,
  click,
  type: typeText,
  select_option: selectOption,
  press_key: pressKey,
  hover,
  select_text: selectText,
  drag,
  fill_form: fillForm,
  scroll,
  navigate,
  open_tab: openTab,
  wait_for: waitFor,
  screenshot,
};
