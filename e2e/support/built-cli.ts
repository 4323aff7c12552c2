import { spawn } from "node:child_process";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./mailbox";

/**
 * Runs the built CLI (`node dist/cli/main.js ARGS`) on the e2e server's data
 * folder, as an operator would, and expects it to succeed. Asynchronous on
 * purpose: a synchronous child blocked the journey's event loop for seconds,
 * so a pooled keep-alive socket the server had meanwhile closed was reused
 * by the next fetch ("other side closed").
 */
export async function runBuiltCli(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ["dist/cli/main.js", ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir() },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  expect(status, output).toBe(0);
  return output;
}
