/**
 * The panel's icons as inline SVG (24×24 grid, stroked in currentColor), so they render the same
 * with or without an emoji font and follow the text colour in light and dark.
 */
import type { ComponentChildren } from "preact";

export type IconName =
  | "read"
  | "edit"
  | "delete"
  | "move"
  | "search"
  | "run"
  | "think"
  | "fetch"
  | "mode"
  | "tool"
  | "close"
  | "check"
  | "more"
  | "browser"
  | "history"
  | "back"
  | "plus"
  | "menu"
  | "export"
  | "options"
  | "restart"
  | "page"
  | "selection"
  | "camera"
  | "send"
  | "queue"
  | "steer"
  | "stop"
  | "up"
  | "down"
  | "folder";

const PATHS: Record<IconName, ComponentChildren> = {
  read: (
    <>
      <path d="M4 5.5C4 4.7 4.7 4 5.5 4H11v16H5.5C4.7 20 4 19.3 4 18.5z" />
      <path d="M20 5.5c0-.8-.7-1.5-1.5-1.5H13v16h5.5c.8 0 1.5-.7 1.5-1.5z" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </>
  ),
  delete: (
    <>
      <path d="M4 7h16M10 7V4h4v3" />
      <path d="M6 7l1 13h10l1-13" />
    </>
  ),
  move: <path d="M4 12h16M16 8l4 4-4 4M8 8l-4 4 4 4" />,
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="M15 15l5 5" />
    </>
  ),
  run: (
    <>
      <path d="M5 7l5 5-5 5" />
      <path d="M12 18h7" />
    </>
  ),
  think: (
    <>
      <path d="M12 3a6 6 0 0 0-3.5 10.9V17h7v-3.1A6 6 0 0 0 12 3z" />
      <path d="M9.5 20.5h5" />
    </>
  ),
  fetch: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.3 3.5 5.3 3.5 8.5s-1 6.2-3.5 8.5c-2.5-2.3-3.5-5.3-3.5-8.5s1-6.2 3.5-8.5z" />
    </>
  ),
  mode: <path d="M4 8h13l-3-3M20 16H7l3 3" />,
  tool: <path d="M14.5 5.5a4 4 0 0 0 4.9 5L11 19a2.1 2.1 0 0 1-3-3l8.5-8.4a4 4 0 0 0-2-2.1z" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  more: <path d="M6 9l6 6 6-6" />,
  // The header's and composer's controls.
  browser: (
    <>
      <rect x="3" y="4.5" width="18" height="15" rx="2" />
      <path d="M3 9h18M6.5 6.8h.01M9.5 6.8h.01" />
    </>
  ),
  history: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3.5 4v4.5H8M12 7.5V12l3 2" />
    </>
  ),
  back: <path d="M19 12H5M11 6l-6 6 6 6" />,
  plus: <path d="M12 5v14M5 12h14" />,
  menu: (
    <>
      <circle cx="5.5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="18.5" cy="12" r="1" />
    </>
  ),
  export: <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19.5h14" />,
  options: (
    <>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </>
  ),
  restart: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.7" />
      <path d="M20 4v4.5h-4.5" />
    </>
  ),
  page: (
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 12h6M9 16h6" />
    </>
  ),
  selection: (
    <>
      <path d="M4 6h9M4 10h16M4 14h16M4 18h7" />
      <path d="M17 15v6" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8h3l1.5-2.5h7L17 8h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  send: <path d="M12 19V5M6 11l6-6 6 6" />,
  up: <path d="M12 18V6M7 11l5-5 5 5" />,
  down: <path d="M12 6v12M7 13l5 5 5-5" />,
  queue: <path d="M4 6h11M4 12h11M4 18h7M18 14v6M15 17h6" />,
  steer: <path d="M5 4v7a4 4 0 0 0 4 4h10M15 11l4 4-4 4" />,
  stop: <rect x="7" y="7" width="10" height="10" rx="1.5" />,
  folder: <path d="M3 7.5C3 6.7 3.7 6 4.5 6H9l2 2h8.5c.8 0 1.5.7 1.5 1.5v8c0 .8-.7 1.5-1.5 1.5h-15C3.7 19 3 18.3 3 17.5z" />,
};

export function Icon({ name, size = 14, class: cls }: { name: IconName; size?: number; class?: string }) {
  return (
    <svg
      class={cls ? `icon ${cls}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}

/** A square button showing an icon; its name is read out and shown on hover. */
export function IconButton({
  icon,
  label,
  hint,
  disabled,
  onClick,
}: {
  icon: IconName;
  label: string;
  hint?: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button type="button" class="icon-button" aria-label={label} title={hint ?? label} disabled={disabled} onClick={onClick}>
      <Icon name={icon} size={16} />
    </button>
  );
}
