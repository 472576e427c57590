import { backgroundLinked, connection } from "./store";
import { describeConnection, type StatusView } from "./status-text";
import { requestRestart } from "./background-link";
import { StatusCard } from "./StatusCard";

const WAITING: StatusView = { tone: "pending", headline: "Starting the goose-browser extension…", facts: [] };

export function App() {
  const state = connection.value;
  const view = state ? describeConnection(state) : WAITING;
  return (
    <main class="panel">
      <header class="panel__header">
        <h1>goose</h1>
      </header>
      <StatusCard view={view} onRestart={requestRestart} canRestart={backgroundLinked.value} />
    </main>
  );
}
