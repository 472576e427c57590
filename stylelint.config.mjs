/**
 * The stylesheets take every colour, font size, font family, radius and spacing (padding, margin, gap)
 * from extension/panel/tokens.css (docs/DESIGN.md): no literal anywhere else. `npm run lint` runs it, and
 * test/unit/extension/design-tokens.test.ts holds it in `npm test`.
 */
const TOKEN = (prefix) => `var\\(--${prefix}-[a-z]+\\)`;
const RADIUS = `(${TOKEN("radius")}|0|50%)`;
// A step of the 4 px grid, none, auto, or a sum or multiple of steps (calc(-1 * var(--sp-4))).
const STEP = "var\\(--sp-[1-9]\\)";
const SPACE = `(0|auto|${STEP}|calc\\(([-+*/ 0-9.]|${STEP})+\\))`;
const SPACING = [`/^${SPACE}( ${SPACE}){0,3}$/`];

export default {
  ignoreFiles: ["**/tokens.css", "node_modules/**", "dist/**", ".output/**"],
  rules: {
    "color-no-hex": true,
    "color-named": "never",
    "function-disallowed-list": ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"],
    "declaration-property-value-allowed-list": {
      "font-size": [`/^${TOKEN("fs")}$/`],
      font: ["inherit"],
      "font-family": [`/^${TOKEN("font")}$/`, "inherit"],
      "/^border(-[a-z]+)*-radius$/": [`/^${RADIUS}( ${RADIUS}){0,3}$/`],
      "/^(padding|margin)(-[a-z]+)*$/": SPACING,
      "/^(row-|column-)?gap$/": SPACING,
    },
  },
};
