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

/**
 * How to run the standalone executable again, as the user can type it: the file they ran, which is
 * on no PATH (they downloaded it as goose-browser-host-<os>-<arch>); undefined in the npm package and a checkout.
 */
export const EXE_NAME =
  typeof __GOOSE_BROWSER_EXE__ === "string"
    ? exeCommand(process.execPath, process.cwd(), process.env.PATH ?? process.env.Path ?? "", process.platform)
    : undefined;

/**
 * The file `exe` as a command: by its bare name when a PATH folder holds it, `./name` when it is in the
 * current folder, else its full path; quoted when it has a space or a shell character.
 */
export function exeCommand(exe: string, cwd: string, pathEnv: string, platform: NodeJS.Platform): string {
  const win = platform === "win32";
  const sep = win ? "\\" : "/";
  const cut = Math.max(exe.lastIndexOf("/"), win ? exe.lastIndexOf("\\") : -1);
  const dir = exe.slice(0, cut);
  const base = exe.slice(cut + 1);
  const same = (a: string, b: string) => (win ? a.toLowerCase() === b.toLowerCase() : a === b);
  const trim = (d: string) => (d.length > 1 && (d.endsWith("/") || (win && d.endsWith("\\"))) ? d.slice(0, -1) : d);
  if (pathEnv.split(win ? ";" : ":").some((d) => d !== "" && same(trim(d), dir))) return base;
  const shown = same(trim(cwd), dir) ? `.${sep}${base}` : exe;
  if (!/[\s'"$`&|;()<>*?!#]/.test(shown)) return shown;
  // PowerShell runs a quoted path only after its call operator; cmd.exe takes it as it is.
  return win ? `& "${shown}"` : `'${shown.replaceAll("'", "'\\''")}'`;
}

const EXE_COMMANDS = (exe: string) => ({
  agents: `${exe} agents`,
  add: `${exe} add`,
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
        agents: `npx -y ${PACKAGE}@latest agents`,
        add: `npx -y ${PACKAGE}@latest add`,
        install: `npx -y ${PACKAGE}@latest install`,
        uninstall: `npx -y ${PACKAGE} uninstall`,
        purge: `npx -y ${PACKAGE} uninstall --purge`,
        doctor: `npx -y ${PACKAGE} doctor`,
        fix: `npx -y ${PACKAGE} doctor --fix`,
        rebuild: `npx -y ${PACKAGE}@latest install`,
      }
    : {
        agents: "npm run agents",
        add: "npm run add-agent --",
        install: "npm run install-host",
        uninstall: "npm run uninstall-host",
        purge: "npm run uninstall-host -- --purge",
        doctor: "npm run doctor",
        fix: "npm run doctor -- --fix",
        rebuild: "npm run build:host && npm run install-host",
      };
