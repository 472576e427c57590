# Installs the goose-browser native-messaging host for the current user (no administrator rights).
#   powershell -ExecutionPolicy Bypass -File install-scripts\install.ps1 [install|uninstall|doctor] [options]
# A thin wrapper: the work is done by install-scripts\cli.ts (see `install.ps1 --help`).
$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
$node = Get-Command node -CommandType Application -ErrorAction SilentlyContinue | Select-Object -First 1
if (-not $node) {
  [Console]::Error.WriteLine('goose-browser: node 20 or newer is needed (https://nodejs.org).')
  exit 1
}
$major = [int](& $node.Source -p 'process.versions.node.split(".")[0]')
if ($major -lt 20) {
  [Console]::Error.WriteLine("goose-browser: node $major is too old; 20 or newer is needed.")
  exit 1
}
if (-not (Test-Path (Join-Path $root 'node_modules\tsx'))) {
  [Console]::Error.WriteLine("goose-browser: run 'npm install' in $root first.")
  exit 1
}
$argv = @($args)
if ($argv.Count -eq 0 -or @('install', 'uninstall', 'doctor', 'help', '--help', '-h') -notcontains $argv[0]) {
  $argv = @('install') + $argv
}
Push-Location $root
try {
  & $node.Source --import tsx install-scripts/cli.ts @argv
  $code = $LASTEXITCODE
} finally {
  Pop-Location
}
exit $code
