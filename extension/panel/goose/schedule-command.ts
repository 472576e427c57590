/**
 * The CLI command that runs a saved recipe on goose's own scheduler (`goose schedule add`, as its
 * --help gives it in goose 1.50 and 1.52): every day at 09:00 as the example, for the user to edit.
 * The schedule's id is the recipe file's name.
 */
export function scheduleCommand(filePath: string): string {
  const id = (filePath.split(/[\\/]/).pop() ?? "recipe").replace(/\.(ya?ml|json)$/i, "");
  return `goose schedule add --schedule-id ${quoteArg(id)} --cron "0 9 * * *" --recipe-source ${quoteArg(filePath)}`;
}

function quoteArg(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
