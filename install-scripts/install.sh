#!/bin/sh
# Installs the goose-browser native-messaging host for the current user (no sudo needed).
#   install-scripts/install.sh [install|uninstall|doctor] [options]     (default: install)
# A thin wrapper: the work is done by install-scripts/cli.ts (see `install.sh --help`).
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
root=$(dirname -- "$here")
if ! command -v node >/dev/null 2>&1; then
  echo "goose-browser: node 20 or newer is needed (https://nodejs.org)." >&2
  exit 1
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'; then
  echo "goose-browser: node $(node --version) is too old; 20 or newer is needed." >&2
  exit 1
fi
if [ ! -d "$root/node_modules/tsx" ]; then
  echo "goose-browser: run \`npm install\` in $root first." >&2
  exit 1
fi
case "${1:-}" in
  install | uninstall | doctor | help | --help | -h) ;;
  *) set -- install "$@" ;;
esac
cd "$root"
exec node --import tsx install-scripts/cli.ts "$@"
