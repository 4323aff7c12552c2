import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProxyTls } from "./compressing-proxy";

/**
 * A throwaway self-signed certificate for localhost, made with openssl (the
 * proxy's HTTP/2 variant: browsers speak HTTP/2 only over TLS). Nothing is
 * left on disk.
 */
export function selfSignedCertificate(): ProxyTls {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-tls-"));
  try {
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    const made = spawnSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        .concat(["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"])
        .concat(["-addext", "subjectAltName=DNS:localhost"]),
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    if (made.status !== 0) throw new Error("openssl could not make a certificate");
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
