/**
 * Run in a child process (`node --import tsx src/server/test/young-generation-child.ts
 * start|plain`): allocates as a start does (fast, and keeping what it
 * allocates), then as load does after `startDone`, and prints the young
 * generation's size at each point, as JSON. start-memory.test.ts reads it.
 */
import v8 from "node:v8";
import { startDone, startGrowth } from "../start-memory";

const youngBytes = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!.space_size;

const kept: object[] = [];
function allocateAndKeep() {
  for (let i = 0; i < 400_000; i++) kept.push({ i, text: `line ${i}` });
}

const first = youngBytes();
if (process.argv[2] === "start") startGrowth();
allocateAndKeep();
const afterStart = youngBytes();
startDone();
allocateAndKeep();
process.stdout.write(
  `${JSON.stringify({ first, afterStart, afterLoad: youngBytes(), kept: kept.length })}\n`,
);
