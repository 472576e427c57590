/**
 * The stylesheets take every colour, font size and radius from extension/panel/tokens.css (docs/DESIGN.md):
 * no literal colour, size or radius anywhere else. `npm run lint` runs it, and
 * test/unit/extension/design-tokens.test.ts holds it in `npm test`.
 */
const TOKEN = (prefix) => `var\\(--${prefix}-[a-z]+\\)`;
const RADIUS = `(${TOKEN("radius")}|0|50%)`;

export default {
  ignoreFiles: ["**/tokens.css", "node_modules/**", "dist/**", ".output/**"],
  rules: {
    "color-no-hex": true,
    "color-named": "never",
    "function-disallowed-list": ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"],
    "declaration-property-value-allowed-list": {
      "font-size": [`/^${TOKEN("fs")}$/`],
      font: ["inherit"],
      "/^border(-[a-z]+)*-radius$/": [`/^${RADIUS}( ${RADIUS}){0,3}$/`],
    },
  },
};
