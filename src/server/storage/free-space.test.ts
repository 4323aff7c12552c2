/** The write guard's free-space check asks the disk again only when it must. */
import fs from "node:fs";
import { afterEach, expect, it, vi } from "vitest";
import {
  DiskFullError,
  freeSpaceCheck,
  MIN_FREE_BYTES,
  ROOMY_FREE_BYTES,
  ROOMY_RECHECK_MS,
} from "./free-space";

let free = 0;
const statfs = vi
  .spyOn(fs, "statfsSync")
  .mockImplementation(() => ({ bavail: free, bsize: 1 }) as unknown as fs.StatsFs);

afterEach(() => {
  statfs.mockClear();
});

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

it("asks a roomy disk again only after the recheck time", () => {
  free = ROOMY_FREE_BYTES;
  const { now, advance } = clock();
  const check = freeSpaceCheck("/data", now);
  check();
  advance(ROOMY_RECHECK_MS - 1);
  check();
  expect(statfs).toHaveBeenCalledTimes(1);
  advance(1);
  check();
  expect(statfs).toHaveBeenCalledTimes(2);
});

it("asks a disk with less room every time, and refuses once it is full", () => {
  free = ROOMY_FREE_BYTES - 1;
  const { now } = clock();
  const check = freeSpaceCheck("/data", now);
  check();
  check();
  expect(statfs).toHaveBeenCalledTimes(2);
  free = MIN_FREE_BYTES - 1;
  expect(check).toThrow(DiskFullError);
});

it("never remembers a full disk: freed space is seen at the next write", () => {
  free = MIN_FREE_BYTES - 1;
  const { now } = clock();
  const check = freeSpaceCheck("/data", now);
  expect(check).toThrow(DiskFullError);
  free = ROOMY_FREE_BYTES;
  expect(check).not.toThrow();
});
