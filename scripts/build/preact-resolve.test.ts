import { describe, expect, it } from "vitest";
import { preactAliases } from "./preact-aliases";
import { resolve } from "./preact-resolve.mjs";

/** What the hook hands on to Node's own resolution. */
function handedOn(specifier: string, conditions = ["node", "import", "module-sync", "default"]) {
  let seen: { specifier: string; conditions: string[] } | undefined;
  resolve(specifier, { conditions }, (next, context) => {
    seen = { specifier: next, conditions: (context as { conditions: string[] }).conditions };
    return seen;
  });
  return seen!;
}

describe("React's names in the built app (decision 111)", () => {
  it("resolves React's modules to preact/compat in the prerender", () => {
    expect(handedOn("react").specifier).toBe("preact/compat");
    expect(handedOn("react-dom/server").specifier).toBe("preact/compat/server");
    expect(handedOn("react/jsx-runtime").specifier).toBe("preact/jsx-runtime");
    expect(handedOn("react-router").specifier).toBe("react-router");
    expect(handedOn("react-dom/client/extra").specifier).toBe("react-dom/client/extra");
  });

  it("reads lucide-react as an ES module, not its CommonJS node export", () => {
    const lucide = handedOn("lucide-react", ["node", "import", "require", "default"]);
    expect(lucide.conditions).toEqual(["import", "default"]);
    expect(handedOn("zod").conditions).toContain("node");
  });

  it("aliases exact names only in the bundle", () => {
    const match = (name: string) =>
      preactAliases.find((a) => a.find.test(name))?.replacement ?? name;
    expect(match("react")).toBe("preact/compat");
    expect(match("react-dom/client")).toBe("preact/compat/client");
    expect(match("react-router")).toBe("react-router");
    expect(match("@tanstack/react-query")).toBe("@tanstack/react-query");
  });
});
