import fs from "node:fs";
import path from "node:path";
import {
  config,
  ConfigError,
  environment as processEnvironment,
  readClientsFile,
  type Config,
  type RegisteredClient,
} from "@/lib/config";
import { log } from "@/lib/log";
import {
  DEMO_PASSWORD,
  demoUsers,
  hashPassword,
  PARTNER_NAME,
  retireKeys,
  rotateKeys,
  startPartnerIdp,
  brandRegistrations,
} from "@/lib/partner-idp";
import { commandLine, usageError } from "./args";

const usage = `Usage: npm run partner-idp -- [--port 9443] [--host 127.0.0.1] [--hostname localhost]
                                [--data-dir .data/partner-idp] [--brands-file FILE] [--clients-file FILE]
                                [--users-file FILE]
       npm run partner-idp -- keys rotate|retire [--data-dir DIR]
       echo -n PASSWORD | npm run -s partner-idp -- hash-password

Serves the reference partner identity provider (spec §4.6 scenario C) until Ctrl-C. The brands whose sso settings
(SSO_ENVIRONMENT, default production) name its issuer are registered as clients; their secrets come from the
environment variables the registry names. --clients-file (or PARTNER_IDP_CLIENTS_FILE) registers any other relying
party: id, secret (by environment variable), redirect URIs, token endpoint auth method (docs/sign-on.md).
PARTNER_API_KEY enables the scenario-B API (spec §4.5); PARTNER_IDP_PORT (0: any free port) and PARTNER_IDP_DATA_DIR
set the port and the data dir; PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS=false leaves RFC 9207's iss out of
authorization responses, for relying parties that mishandle it.
keys rotate | keys retire: rotates the signing keys of the data dir (a running server picks the change up).
hash-password: hashes a password read from stdin, for a users file.`;

const DEFAULT_BRANDS_FILE = path.join("lib", "brands", "demo-brands.json");

const { values: flags, positionals } = commandLine("partner-idp", usage, {
  allowPositionals: true,
  options: {
    port: { type: "string" },
    host: { type: "string" },
    hostname: { type: "string" },
    "data-dir": { type: "string" },
    "brands-file": { type: "string" },
    "clients-file": { type: "string" },
    "users-file": { type: "string" },
  },
});

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
    usageError("partner-idp", "keys needs rotate or retire");
  }
}

/** The settings, or one line naming the one at fault (exit 1). */
function settings(): Config {
  try {
    return config();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`partner-idp: ${e.oneLine}`);
    process.exit(1);
  }
}

async function serve(cfg: Config, dataDir: string): Promise<void> {
  const port = flags.port === undefined ? cfg.PARTNER_IDP_PORT : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    usageError("partner-idp", "--port must be a port number (0: any free port)");
  const host = flags.host ?? "127.0.0.1";
  const hostname = flags.hostname ?? "localhost";
  const usersFile = flags["users-file"];
  const environment = cfg.SSO_ENVIRONMENT;

  const brandsFile = flags["brands-file"] ?? cfg.BRANDS_FILE ?? DEFAULT_BRANDS_FILE;
  let registry: unknown;
  try {
    registry = JSON.parse(fs.readFileSync(brandsFile, "utf8"));
  } catch (e) {
    throw new Error(`cannot read the brand registry ${brandsFile}: ${(e as Error).message}`);
  }
  const clientsFile = flags["clients-file"] ?? cfg.PARTNER_IDP_CLIENTS_FILE;
  // Secrets are named by environment variable in both files (read here, by the command, as the registry's are).
  const fileClients: RegisteredClient[] = clientsFile ? readClientsFile(clientsFile, processEnvironment()) : [];

  // The issuer names the port, and a brand is registered when its issuer is this one: with port 0 the port is known
  // only once listening, so the brands are read against the port asked for (none match 0).
  const issuer = `https://${hostname}:${port}`;
  const { registrations, brandLinks } = brandRegistrations(registry, {
    issuer,
    environment,
    env: processEnvironment(),
  });
  const brandClients = registrations.flatMap((r) => (r.client ? [r.client] : []));
  fileClients.forEach((c, i) => {
    const brand = registrations.find((r) => r.client?.clientId === c.clientId);
    if (brand)
      throw new Error(
        `Invalid clients file ${clientsFile}: clients.${i}.clientId: "${c.clientId}" is brand ${brand.brandId}'s client`,
      );
  });

  const idp = await startPartnerIdp({
    port,
    host,
    hostname,
    dataDir,
    usersFile,
    clients: [...brandClients, ...fileClients],
    partnerApiKey: cfg.PARTNER_API_KEY,
    brandLinks,
    authorizationResponseIss: cfg.PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS,
  });

  const demoUser = demoUsers[0];
  console.log(`${PARTNER_NAME}: the reference partner identity provider (spec scenario C)
  issuer         ${idp.issuer}
  partner site   ${idp.issuer}/
  partner API    ${idp.partnerApiUrl}  ${cfg.PARTNER_API_KEY ? "(key: $PARTNER_API_KEY)" : "(PARTNER_API_KEY unset: answers 503)"}
  RFC 9207 iss   ${cfg.PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS ? "on" : "off (PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS=false)"}
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
  if (!registrations.some((r) => r.client)) console.log(`  none: no brand's ${environment} issuer is ${idp.issuer}`);
  if (clientsFile) {
    console.log(`relying parties (clients file ${clientsFile}):`);
    for (const c of fileClients)
      console.log(
        `  registered  ${c.name ?? c.clientId}: client ${c.clientId}, ${c.tokenEndpointAuthMethod}, redirect URIs ${c.redirectUris.join(" ")}`,
      );
    if (!fileClients.length) console.log("  none");
  }
  console.log("Ctrl-C to stop");

  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      void idp.close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    });
  }
}

async function main(): Promise<void> {
  const cfg = settings();
  const dataDir = flags["data-dir"] ?? cfg.PARTNER_IDP_DATA_DIR;
  const [command, action] = positionals;
  if (command === "keys") return keysCommand(dataDir, action);
  if (command === "hash-password") {
    const password = (await readStdin()).replace(/\r?\n$/, "");
    if (!password) throw new Error("usage: echo -n PASSWORD | npm run -s partner-idp -- hash-password");
    return console.log(await hashPassword(password));
  }
  if (command !== undefined)
    usageError("partner-idp", `unknown command "${command}" (keys rotate, keys retire, hash-password)`);
  return serve(cfg, dataDir);
}

main().catch((e: unknown) => {
  log.debug({ err: e }, "partner-idp failed");
  console.error(`partner-idp: ${(e as Error).message}`);
  process.exit(1);
});
