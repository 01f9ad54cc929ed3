import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ClientsFileError, parseClientsFile, parseConfig, readClientsFile } from "..";

/** The reference partner IdP's settings: its environment and its clients file (npm run partner-idp). */

const SECRET = "intranet-secret-0001";
const env = { INTRANET_SECRET: SECRET };
const intranet = {
  clientId: "intranet",
  clientSecretEnv: "INTRANET_SECRET",
  redirectUris: ["https://intranet.partner.example/redirect_uri"],
};
const file = (clients: unknown[]) => JSON.stringify({ clients });

/** The problems a file has, as { field: message }. */
function problems(text: string, environment: Record<string, string> = env): Record<string, string> {
  try {
    parseClientsFile(text, "clients.json", environment);
  } catch (e) {
    if (!(e instanceof ClientsFileError)) throw e;
    return Object.fromEntries(e.issues.map((i) => [i.field, i.message]));
  }
  throw new Error("the file was taken");
}

describe("the reference IdP's environment", () => {
  it("puts RFC 9207's iss in authorization responses unless PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS=false", () => {
    expect(parseConfig({}).PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS).toBe(true);
    expect(
      parseConfig({ PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: "false" }).PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS,
    ).toBe(false);
    expect(() => parseConfig({ PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: "no" })).toThrow(
      /PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: /,
    );
  });

  it("reads the port (0: any free one), the data dir, the clients file and the partner API key", () => {
    const defaults = parseConfig({});
    expect(defaults).toMatchObject({ PARTNER_IDP_PORT: 9443, PARTNER_IDP_DATA_DIR: path.join(".data", "partner-idp") });
    expect(defaults.PARTNER_IDP_CLIENTS_FILE).toBeUndefined();
    expect(defaults.PARTNER_API_KEY).toBeUndefined();
    const set = parseConfig({ PARTNER_IDP_PORT: "0", PARTNER_IDP_CLIENTS_FILE: "rp.json", PARTNER_API_KEY: "" });
    expect(set).toMatchObject({ PARTNER_IDP_PORT: 0, PARTNER_IDP_CLIENTS_FILE: "rp.json" });
    // Set but empty: unset (the API answers 503), as before the setting was parsed here.
    expect(set.PARTNER_API_KEY).toBeUndefined();
    expect(() => parseConfig({ PARTNER_IDP_PORT: "99999" })).toThrow(/PARTNER_IDP_PORT: /);
    expect(() => parseConfig({ PARTNER_API_KEY: "short" })).toThrow(/PARTNER_API_KEY: must have at least 16/);
  });
});

describe("the reference IdP's clients file", () => {
  it("registers each client with its secret from the environment, client_secret_basic unless it says otherwise", () => {
    const clients = parseClientsFile(
      file([
        intranet,
        {
          clientId: "wiki",
          clientSecretEnv: "WIKI_SECRET",
          redirectUris: ["http://wiki.localhost:8080/callback", "http://127.0.0.1:8080/callback"],
          tokenEndpointAuthMethod: "client_secret_post",
          name: "Partner wiki",
        },
      ]),
      "clients.json",
      { ...env, WIKI_SECRET: "wiki-secret-000000002" },
    );
    expect(clients).toEqual([
      {
        clientId: "intranet",
        clientSecret: SECRET,
        redirectUris: intranet.redirectUris,
        tokenEndpointAuthMethod: "client_secret_basic",
      },
      {
        clientId: "wiki",
        clientSecret: "wiki-secret-000000002",
        redirectUris: ["http://wiki.localhost:8080/callback", "http://127.0.0.1:8080/callback"],
        tokenEndpointAuthMethod: "client_secret_post",
        name: "Partner wiki",
      },
    ]);
    expect(parseClientsFile(file([]), "clients.json", {})).toEqual([]);
  });

  it("names the field of every problem: redirect URIs, auth method, ids, unknown fields", () => {
    expect(
      problems(
        file([
          {
            ...intranet,
            redirectUris: [
              "http://intranet.partner.example/cb",
              "https://ok.example/cb#frag",
              "/relative",
              "ftp://x.example/",
              "https://user:pw@x.example/cb",
            ],
            tokenEndpointAuthMethod: "private_key_jwt",
          },
          { ...intranet, clientId: "partner-site" },
          { ...intranet, clientId: "has space" },
          { ...intranet, clientSecret: "written-in-the-file" },
          { ...intranet, clientId: "empty", redirectUris: [] },
        ]),
      ),
    ).toEqual({
      "clients.0.redirectUris.0": expect.stringMatching(/^must be https \(plain http only on this machine/),
      "clients.0.redirectUris.1": "must not have a fragment (RFC 6749 3.1.2)",
      "clients.0.redirectUris.2": "must be an absolute URL",
      "clients.0.redirectUris.3": "must be an https URL",
      "clients.0.redirectUris.4": "must not carry a user name or password",
      "clients.0.tokenEndpointAuthMethod": "must be one of client_secret_basic, client_secret_post",
      "clients.1.clientId": `"partner-site" is the partner site's own client`,
      "clients.2.clientId": "must be visible ASCII characters, without spaces",
      "clients.3": 'unknown field "clientSecret"',
      "clients.4.redirectUris": "must list at least one redirect URI",
    });
  });

  it("names a missing or short secret, a client id used twice, and a file that is not one", () => {
    expect(problems(file([intranet, { ...intranet, clientSecretEnv: "OTHER" }]), {})).toEqual({
      "clients.0.clientSecretEnv": "environment variable INTRANET_SECRET is not set",
      "clients.1.clientId": `"intranet" is clients.0's`,
      "clients.1.clientSecretEnv": "environment variable OTHER is not set",
    });
    expect(problems(file([intranet]), { INTRANET_SECRET: "short" })).toEqual({
      "clients.0.clientSecretEnv": "the secret in INTRANET_SECRET needs at least 16 characters",
    });
    expect(problems("{")).toEqual({ "(file)": expect.stringMatching(/^not JSON/) });
    expect(problems(JSON.stringify([intranet]))).toEqual({ "(file)": expect.any(String) });
    expect(problems(JSON.stringify({ clients: [intranet], brands: [] }))).toEqual({
      "(file)": 'unknown field "brands"',
    });
  });

  it("says which file could not be read, and never quotes a secret", () => {
    expect(() => readClientsFile("/nonexistent/clients.json", env)).toThrow(
      /^Invalid clients file \/nonexistent\/clients\.json: \(file\): cannot be read/,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clients-file-"));
    try {
      const name = path.join(dir, "clients.json");
      fs.writeFileSync(name, file([{ ...intranet, redirectUris: ["http://x.example/"] }]));
      let message = "";
      try {
        readClientsFile(name, env);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(
        new RegExp(`^Invalid clients file ${name}: clients\\.0\\.redirectUris\\.0: must be https`),
      );
      expect(message).not.toContain(SECRET);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
