/** Progress of a long stage: a bar on a terminal, a plain line per 10% otherwise. */
export interface Progress {
  start(label: string, total: number): void;
  advance(by?: number): void;
  end(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY;
  let label = "";
  let total = 0;
  let done = 0;
  let lastShown = -1;
  let lastDraw = 0;

  function show(force = false) {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (tty) {
      const now = Date.now();
      if (!force && now - lastDraw < 100) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round((percent / 100) * width);
      stream.write(
        `\r${label.padEnd(9)} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`,
      );
    } else {
      const step = Math.floor(percent / 10) * 10;
      if (step === lastShown && !force) return;
      lastShown = step;
      stream.write(`${label}: ${done}/${total} (${percent}%)\n`);
    }
  }

  return {
    start(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      done = 0;
      lastShown = -1;
      show(true);
    },
    advance(by = 1) {
      done += by;
      show();
    },
    end() {
      if (tty) {
        show(true);
        stream.write("\n");
      } else if (lastShown !== 100) {
        show(true);
      }
    },
  };
}

/** For tests and library use: says nothing. */
export const silentProgress: Progress = { start() {}, advance() {}, end() {} };
