/**
 * The commands the installer's messages tell people to run: the npm scripts in a checkout, the
 * package's own commands in the released CLI (its build defines __GOOSE_BROWSER_PACKAGE__).
 */
declare const __GOOSE_BROWSER_PACKAGE__: string | undefined;

/** The npm package's name in the released CLI; undefined when run from a checkout. */
export const PACKAGE_NAME = typeof __GOOSE_BROWSER_PACKAGE__ === "string" ? __GOOSE_BROWSER_PACKAGE__ : undefined;
const PACKAGE = PACKAGE_NAME;

export const COMMANDS = PACKAGE
  ? {
      install: `npx -y ${PACKAGE}@latest install`,
      uninstall: `npx -y ${PACKAGE} uninstall`,
      purge: `npx -y ${PACKAGE} uninstall --purge`,
      doctor: `npx -y ${PACKAGE} doctor`,
      fix: `npx -y ${PACKAGE} doctor --fix`,
      rebuild: `npx -y ${PACKAGE}@latest install`,
    }
  : {
      install: "npm run install-host",
      uninstall: "npm run uninstall-host",
      purge: "npm run uninstall-host -- --purge",
      doctor: "npm run doctor",
      fix: "npm run doctor -- --fix",
      rebuild: "npm run build:host && npm run install-host",
    };
