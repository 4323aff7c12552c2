/**
 * A process that logs one line through the server's buffered destination,
 * then ends as argv[2] says: `exit` (process.exit), `throw` (an uncaught
 * error) or `idle` (nothing left to do). log-destination.test.ts reads its
 * standard output.
 */
import pino from "pino";
import { bufferedLog } from "../log-destination";

const log = pino({}, bufferedLog());
log.info("last words");
const end = process.argv[2];
if (end === "exit") process.exit(3);
if (end === "throw") {
  setTimeout(() => {
    throw new Error("the end");
  }, 10);
}
