/**
 * The npm package that installs the native host. Its version is the extension's version, so the
 * extension can name the exact host that fits it. One place: the name may become a scoped one.
 */
export const HOST_PACKAGE = "goose-browser";

/**
 * The one command that installs or updates the host, on every OS (npx ships with Node.js).
 * `extensionId`: a Chromium id the host must also allow (an unpacked release zip's, which no
 * manifest lists); the installer keeps it in the host config (`install --extension-id`).
 */
export function hostInstallCommand(version = "latest", extensionId?: string): string {
  return `npx -y ${HOST_PACKAGE}@${version} install${extensionId ? ` --extension-id ${extensionId}` : ""}`;
}

/** The installer's other commands as an npx user runs them (`agents`, `add <id>`): no `goose-browser` is on their PATH. */
export function hostCliCommand(args: string): string {
  return `npx -y ${HOST_PACKAGE}@latest ${args}`;
}
