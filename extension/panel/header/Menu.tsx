/**
 * A menu button (WAI-ARIA APG's menu button pattern): the button opens a list of actions; arrows,
 * Home and End move between them, Enter or Space runs one, Escape closes and gives focus back to the
 * button, Tab or a click outside closes. An item that cannot run now stays in the list (disabled,
 * still focusable) with its reason on hover, so the user sees what exists and why it is off.
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { Icon, type IconName } from "../icons";

export interface MenuAction {
  label: string;
  icon: IconName;
  run(): void;
  disabled?: boolean;
  /** Shown on hover: what it does, or why it is off. */
  hint?: string;
}

interface Props {
  /** The button's accessible name (and its tooltip). */
  label: string;
  hint?: string;
  icon: IconName;
  actions: MenuAction[];
  /** Text shown after the icon (a queued message's chip); without it the button is an icon button. */
  text?: string;
  /** The button's class when it shows text. */
  class?: string;
}

export function MenuButton({ label, hint, icon, actions, text, class: cls }: Props) {
  const [open, setOpen] = useState(false);
  // Unique: a queue shows a menu button per message.
  const menuId = `menu-${useId()}`;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Which item to focus when the menu opens: the first (click, Enter, ArrowDown) or the last (ArrowUp).
  const [start, setStart] = useState<"first" | "last">("first");
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    (start === "first" ? list[0] : list[list.length - 1])?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(list.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") close(false);
  };

  return (
    <div class="menu">
      <button
        ref={button}
        type="button"
        class={text === undefined ? "icon-button" : cls}
        aria-label={label}
        title={hint ?? label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setStart("first");
          setOpen(!open);
        }}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
          e.preventDefault();
          setStart(e.key === "ArrowDown" ? "first" : "last");
          setOpen(true);
        }}
      >
        <Icon name={icon} size={text === undefined ? 16 : 12} />
        {text !== undefined && <span class="menu__text">{text}</span>}
      </button>
      {open && (
        <div ref={menu} id={menuId} class="menu__list" role="menu" aria-label={label} tabIndex={-1} onKeyDown={onMenuKey}>
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              role="menuitem"
              class="menu__item"
              tabIndex={-1}
              aria-disabled={a.disabled ? "true" : undefined}
              title={a.hint}
              onClick={() => {
                if (a.disabled) return;
                close(true);
                a.run();
              }}
            >
              <Icon name={a.icon} size={16} />
              <span>{a.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
