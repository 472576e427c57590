/** The panel bench alone (panel-run.ts): `npm run bench:panel`. */
import os from "node:os";
import { benchPanel } from "./panel-run";

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
await benchPanel(machine, new Date().toISOString().slice(0, 10));
