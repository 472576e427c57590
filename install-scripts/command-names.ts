/**
 * The commands the installer's messages tell people to run: the npm scripts in a checkout, the
 * package's own commands in the released CLI (its build defines __GOOSE_BROWSER_PACKAGE__), the
 * executable's in the standalone host (release/build-exe.ts defines __GOOSE_BROWSER_EXE__).
 */
declare const __GOOSE_BROWSER_PACKAGE__: string | undefined;
declare const __GOOSE_BROWSER_EXE__: string | undefined;

/** The npm package's name in the released CLI; undefined when run from a checkout. */
export const PACKAGE_NAME = typeof __GOOSE_BROWSER_PACKAGE__ === "string" ? __GOOSE_BROWSER_PACKAGE__ : undefined;
const PACKAGE = PACKAGE_NAME;

/** The standalone executable's command name; undefined in the npm package and a checkout. */
export const EXE_NAME = typeof __GOOSE_BROWSER_EXE__ === "string" ? __GOOSE_BROWSER_EXE__ : undefined;

const EXE_COMMANDS = (exe: string) => ({
  install: `${exe} install`,
  uninstall: `${exe} uninstall`,
  purge: `${exe} uninstall --purge`,
  doctor: `${exe} doctor`,
  fix: `${exe} doctor --fix`,
  rebuild: `${exe} install`,
});

export const COMMANDS = EXE_NAME
  ? EXE_COMMANDS(EXE_NAME)
  : PACKAGE
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
