/**
 * Every browser tool's handler, by name. The mapped type makes tsc refuse a tool without a handler, and a
 * handler in a slot whose parsed arguments are not its own. A new tool: its schema in
 * shared/browser-tools.ts, its file here, its line below (see docs/ARCHITECTURE.md, "Browser tools").
 */
import type { BrowserToolName } from "../../../shared/browser-tools";
import { click } from "./click";
import type { ToolHandler } from "./context";
import { drag } from "./drag";
import { fillForm } from "./fill-form";
import { find } from "./find";
import { getSelection } from "./get-selection";
import { hover } from "./hover";
import { listTabs } from "./list-tabs";
import { navigate } from "./navigate";
import { openTab } from "./open-tab";
import { pageSnapshot } from "./page-snapshot";
import { pressKey } from "./press-key";
import { readPage } from "./read-page";
import { screenshot } from "./screenshot";
import { scroll } from "./scroll";
import { selectOption } from "./select-option";
import { selectText } from "./select-text";
import { typeText } from "./type";
import { waitFor } from "./wait-for";

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
