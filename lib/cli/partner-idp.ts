import fs from "node:fs";
import path from "node:path";
import { log } from "@/lib/log";
import { brandRegistrations } from "@/lib/partner-idp/brand-clients";
import {
  DEMO_PASSWORD,
  demoUsers,
  hashPassword,
  PARTNER_NAME,
  retireKeys,
  rotateKeys,
  startPartnerIdp,
} from "@/lib/partner-idp";

/**
 * npm run partner-idp -- [--port 9443] [--host 127.0.0.1] [--hostname localhost] [--data-dir .data/partner-idp]
 *   [--brands-file FILE] [--users-file FILE]
 * serves the reference partner identity provider (spec §4.6 scenario C) until Ctrl-C. The brands whose sso settings
 * (SSO_ENVIRONMENT, default production) name its issuer are registered as clients; their secrets come from the
 * environment variables the registry names. PARTNER_API_KEY enables the scenario-B API (spec §4.5).
 *
 * npm run partner-idp -- keys rotate | keys retire   rotates the signing keys of the data dir (a running server
 *   picks the change up); npm run partner-idp -- hash-password   hashes a password read from stdin for a users file.
 */
const DEFAULT_DATA_DIR = path.join(".data", "partner-idp");
const DEFAULT_BRANDS_FILE = path.join("lib", "brands", "demo-brands.json");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (c: string) => (text += c));
    process.stdin.on("end", () => resolve(text));
    process.stdin.on("error", reject);
  });
}

async function keysCommand(dataDir: string, action: string | undefined): Promise<void> {
  if (action === "rotate") {
    const { kids, added } = await rotateKeys(dataDir);
    console.log(`new signing key ${added}; published: ${kids.join(", ")}`);
    console.log("a running provider signs with the new key within a second; retire the old ones after an hour");
  } else if (action === "retire") {
    const { kids, retired } = retireKeys(dataDir);
    console.log(`published: ${kids.join(", ")}; retired: ${retired.join(", ") || "none"}`);
  } else {
    throw new Error("usage: npm run partner-idp -- keys rotate|retire [--data-dir DIR]");
  }
}

async function serve(dataDir: string): Promise<void> {
  const port = Number(arg("--port") ?? process.env.PARTNER_IDP_PORT ?? "9443");
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("--port must be a port number");
  const host = arg("--host") ?? "127.0.0.1";
  const hostname = arg("--hostname") ?? "localhost";
  const usersFile = arg("--users-file");
  const issuer = `https://${hostname}:${port}`;
  const environment = process.env.SSO_ENVIRONMENT ?? "production";

  const brandsFile = arg("--brands-file") ?? process.env.BRANDS_FILE ?? DEFAULT_BRANDS_FILE;
  let registry: unknown;
  try {
    registry = JSON.parse(fs.readFileSync(brandsFile, "utf8"));
  } catch (e) {
    throw new Error(`cannot read the brand registry ${brandsFile}: ${(e as Error).message}`);
  }
  const { registrations, brandLinks } = brandRegistrations(registry, { issuer, environment, env: process.env });

  const idp = await startPartnerIdp({
    port,
    host,
    hostname,
    dataDir,
    usersFile,
    clients: registrations.flatMap((r) => (r.client ? [r.client] : [])),
    partnerApiKey: process.env.PARTNER_API_KEY || undefined,
    brandLinks,
  });

  const demoUser = demoUsers[0];
  console.log(`${PARTNER_NAME}: the reference partner identity provider (spec scenario C)
  issuer         ${idp.issuer}
  partner site   ${idp.issuer}/
  partner API    ${idp.partnerApiUrl}  ${process.env.PARTNER_API_KEY ? "(key: $PARTNER_API_KEY)" : "(PARTNER_API_KEY unset: answers 503)"}
  CA file        ${idp.caFile}
                 Node clients: NODE_EXTRA_CA_CERTS=${idp.caFile}
                 Chromium: --ignore-certificate-errors-spki-list=${idp.spkiSha256}`);
  if (!usersFile && demoUser) console.log(`  demo user      ${demoUser.email}  password ${DEMO_PASSWORD}`);
  console.log(`relying parties (brand registry ${brandsFile}, SSO_ENVIRONMENT=${environment}):`);
  for (const r of registrations) {
    console.log(
      r.client
        ? `  registered  ${r.brandId}: client ${r.client.clientId}, redirect URIs ${r.client.redirectUris.join(" ")}`
        : `  skipped     ${r.brandId}: ${r.skipped}`,
    );
  }
  if (!registrations.some((r) => r.client)) console.log(`  none: no brand's ${environment} issuer is ${issuer}`);
  console.log("Ctrl-C to stop");

  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      void idp.close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    });
  }
}

async function main(): Promise<void> {
  const dataDir = arg("--data-dir") ?? process.env.PARTNER_IDP_DATA_DIR ?? DEFAULT_DATA_DIR;
  const [command, action] = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
  if (command === "keys") return keysCommand(dataDir, action);
  if (command === "hash-password") {
    const password = (await readStdin()).replace(/\r?\n$/, "");
    if (!password) throw new Error("usage: echo -n PASSWORD | npm run -s partner-idp -- hash-password");
    return console.log(await hashPassword(password));
  }
  if (command !== undefined) throw new Error(`unknown command "${command}" (keys rotate, keys retire, hash-password)`);
  return serve(dataDir);
}

main().catch((e: unknown) => {
  log.debug({ err: e }, "partner-idp failed");
  console.error(`partner-idp: ${(e as Error).message}`);
  process.exit(1);
});
