import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markPure } from "./pure-react-router";

const production = path.resolve("node_modules/react-router/dist/production");
const chunks = fs
  .readdirSync(production)
  .filter((f) => f.endsWith(".mjs"))
  .map((f) => fs.readFileSync(path.join(production, f), "utf8"));

describe("markPure", () => {
  it("marks top-level component factories pure and drops display names", () => {
    const code = [
      "var Form = React10.forwardRef(function Form2() {});",
      'Form.displayName = "Form";',
      "var RouteContext = React.createContext(null);",
      '  inner.displayName = "kept";',
    ].join("\n");
    expect(markPure(code)).toBe(
      [
        "var Form = /* @__PURE__ */ React10.forwardRef(function Form2() {});",
        "",
        "var RouteContext = /* @__PURE__ */ React.createContext(null);",
        '  inner.displayName = "kept";',
      ].join("\n"),
    );
  });

  it("still finds what it relies on in the installed React Router", () => {
    const all = chunks.join("\n");
    expect(all).toMatch(/^var Form = React\d*\.forwardRef\(/m);
    expect(all).toMatch(/^ScrollRestoration\.displayName = "ScrollRestoration";$/m);
    expect(markPure(all)).not.toMatch(/^\w+\.displayName = /m);
  });
});
