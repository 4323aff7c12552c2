import { describe, expect, it } from "vitest";
import { deviceName } from "./sessions";

describe("deviceName", () => {
  it("names browser and system from common user agents", () => {
    const chromeLinux =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
    expect(deviceName(chromeLinux)).toBe("Chrome on Linux");
    const firefoxWin =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";
    expect(deviceName(firefoxWin)).toBe("Firefox on Windows");
    const safariIos =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    expect(deviceName(safariIos)).toBe("Safari on iOS");
    const edgeMac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0";
    expect(deviceName(edgeMac)).toBe("Edge on macOS");
  });

  it("falls back when nothing is known", () => {
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName("curl/8.0")).toBe("Unknown device");
  });
});
