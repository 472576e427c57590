/**
 * Key names as the agent writes them ("Enter", "Shift+Tab", "Control+a", "ArrowDown", "a") turned into what
 * a KeyboardEvent carries: `key`, `code` and the legacy `keyCode` pages still read, with the modifiers held.
 * Names follow the UI Events KeyboardEvent key and code values (https://www.w3.org/TR/uievents-key/). Pure.
 */

export interface KeySpec {
  key: string;
  code: string;
  keyCode: number;
  /** The character the key types (for keypress and text fields), when it types one. */
  text?: string;
}

export interface Chord {
  key: KeySpec;
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  /** The name as the agent wrote it, normalised ("Shift+Tab"). */
  label: string;
}

const NAMED: Record<string, [code: string, keyCode: number, text?: string]> = {
  Enter: ["Enter", 13, "\r"],
  Escape: ["Escape", 27],
  Tab: ["Tab", 9],
  Backspace: ["Backspace", 8],
  Delete: ["Delete", 46],
  " ": ["Space", 32, " "],
  ArrowUp: ["ArrowUp", 38],
  ArrowDown: ["ArrowDown", 40],
  ArrowLeft: ["ArrowLeft", 37],
  ArrowRight: ["ArrowRight", 39],
  Home: ["Home", 36],
  End: ["End", 35],
  PageUp: ["PageUp", 33],
  PageDown: ["PageDown", 34],
};

/** Other spellings agents use. */
const ALIASES: Record<string, string> = {
  esc: "Escape",
  return: "Enter",
  space: " ",
  spacebar: " ",
  del: "Delete",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
  pgup: "PageUp",
  pgdn: "PageDown",
};

const MODIFIERS: Record<string, "shift" | "ctrl" | "alt" | "meta"> = {
  shift: "shift",
  control: "ctrl",
  ctrl: "ctrl",
  alt: "alt",
  option: "alt",
  meta: "meta",
  cmd: "meta",
  command: "meta",
};

/** The key, code and keyCode each modifier key has itself (pressed before the main key, released after). */
export const MODIFIER_KEYS: Record<"shift" | "ctrl" | "alt" | "meta", KeySpec> = {
  shift: { key: "Shift", code: "ShiftLeft", keyCode: 16 },
  ctrl: { key: "Control", code: "ControlLeft", keyCode: 17 },
  alt: { key: "Alt", code: "AltLeft", keyCode: 18 },
  meta: { key: "Meta", code: "MetaLeft", keyCode: 91 },
};

const SHIFTED_DIGITS = ")!@#$%^&*(";
const PUNCTUATION: Record<string, [code: string, keyCode: number]> = {
  "-": ["Minus", 189],
  "=": ["Equal", 187],
  ",": ["Comma", 188],
  ".": ["Period", 190],
  "/": ["Slash", 191],
  ";": ["Semicolon", 186],
  "'": ["Quote", 222],
  "[": ["BracketLeft", 219],
  "]": ["BracketRight", 221],
  "\\": ["Backslash", 220],
  "`": ["Backquote", 192],
};

/** One character as a key press (the US layout's codes; any other character keeps its key with no code). */
export function characterKey(ch: string, shift = false): KeySpec {
  if (/^[a-z]$/i.test(ch)) {
    const upper = ch.toUpperCase();
    const key = shift ? upper : ch;
    return { key, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: key };
  }
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, keyCode: ch.charCodeAt(0), text: ch };
  const digit = SHIFTED_DIGITS.indexOf(ch);
  if (digit >= 0) return { key: ch, code: `Digit${digit}`, keyCode: 48 + digit, text: ch };
  const punct = PUNCTUATION[ch];
  if (punct) return { key: ch, code: punct[0], keyCode: punct[1], text: ch };
  if (ch === " ") return { key: " ", code: "Space", keyCode: 32, text: " " };
  if (ch === "\n") return { key: "Enter", code: "Enter", keyCode: 13, text: "\r" };
  return { key: ch, code: "", keyCode: 0, text: ch };
}

/** Parses "Shift+Tab", "Control+a", "ArrowDown", "+"; throws a clear error for what it does not know. */
export function parseChord(input: string): Chord {
  // The space key is itself white space: " " (or "Shift+ ") is the key, not an empty name to trim away.
  const trimmed = input.trim() === "" ? " " : input.endsWith("+ ") ? input.trimStart() : input.trim();
  // A lone "+" (or one after a modifier, "Shift++") is the plus key.
  const parts = trimmed === "+" ? ["+"] : trimmed.endsWith("++") ? [...trimmed.slice(0, -2).split("+"), "+"] : trimmed.split("+");
  const chord = { shift: false, ctrl: false, alt: false, meta: false };
  const name = parts.pop() ?? "";
  for (const part of parts) {
    const mod = MODIFIERS[part.trim().toLowerCase()];
    if (!mod) throw new Error(`"${part}" in "${input}" is not a modifier; use Shift, Control, Alt or Meta, e.g. "Shift+Tab".`);
    chord[mod] = true;
  }
  const key = keyNamed(name === " " ? " " : name.trim(), chord.shift);
  if (!key) {
    throw new Error(
      `Unknown key "${name}". Use a character ("a", "1", "/") or one of: ${Object.keys(NAMED)
        .map((k) => (k === " " ? "Space" : k))
        .join(", ")}, with modifiers like "Shift+Tab" or "Control+a".`,
    );
  }
  const mods = [chord.ctrl && "Control", chord.alt && "Alt", chord.shift && "Shift", chord.meta && "Meta"].filter(Boolean);
  return { ...chord, key, label: [...mods, key.key === " " ? "Space" : key.key].join("+") };
}

function keyNamed(name: string, shift: boolean): KeySpec | null {
  if (name.length === 1) return characterKey(name, shift);
  const canonical = ALIASES[name.toLowerCase()] ?? Object.keys(NAMED).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!canonical) return null;
  const [code, keyCode, text] = NAMED[canonical]!;
  return { key: canonical, code, keyCode, ...(text ? { text } : {}) };
}
