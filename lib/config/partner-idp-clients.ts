import fs from "node:fs";
import { z } from "zod";
import { isLoopbackHost } from "./net";

/**
 * The reference partner IdP's clients file (`npm run partner-idp -- --clients-file FILE`, or PARTNER_IDP_CLIENTS_FILE):
 * relying parties registered as a partner's real provider registers them (spec §4.6 step 1, the client registry of
 * scenario C), for any relying party, not only the brands of the registry. Secrets are named by environment
 * variable, never written in the file, as in the brand registry.
 */

/** The client id the reference IdP keeps for the partner's own site. */
const RESERVED_CLIENT_ID = "partner-site";
/** A secret anyone can guess is no secret: the partner keys' floor. */
const MIN_SECRET_LENGTH = 16;

export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** RFC 6749 3.1.2: absolute, no fragment; https, or http on this machine only (a code sent in clear otherwise). */
function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an https URL";
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
    return "must be https (plain http only on this machine: localhost, *.localhost, 127.0.0.1, [::1])";
  if (value.includes("#")) return "must not have a fragment (RFC 6749 3.1.2)";
  if (url.username || url.password) return "must not carry a user name or password";
  return undefined;
}

const clientSchema = z.strictObject({
  clientId: z
    .string()
    .min(1, "must not be empty")
    .max(255, "must have at most 255 characters")
    // Visible ASCII: it travels in HTTP Basic and in query strings, and is shown on the login page.
    .regex(/^[\x21-\x7e]+$/, "must be visible ASCII characters, without spaces")
    .refine((id) => id !== RESERVED_CLIENT_ID, `"${RESERVED_CLIENT_ID}" is the partner site's own client`),
  clientSecretEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be the name of an environment variable (letters, digits, _)"),
  redirectUris: z
    .array(
      z.string().superRefine((v, ctx) => {
        const problem = redirectUriProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    )
    .min(1, "must list at least one redirect URI"),
  /** RFC 7591 2: client_secret_basic when omitted. The provider refuses the other method for this client. */
  tokenEndpointAuthMethod: z
    .enum(TOKEN_ENDPOINT_AUTH_METHODS, { error: `must be one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(", ")}` })
    .default("client_secret_basic"),
  /** Shown on the login page ("… to continue to <name>"); the client id when omitted. */
  name: z.string().trim().min(1, "must not be empty").max(100, "must have at most 100 characters").optional(),
});

const clientsFileSchema = z.strictObject({
  clients: z.array(clientSchema),
});

export type ClientsFileEntry = z.infer<typeof clientSchema>;

/** A client of the file with its secret read from the environment. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  name?: string;
}

/** What is wrong with a clients file: every problem, each with the field it is in (`clients.0.redirectUris.1`). */
export class ClientsFileError extends Error {
  readonly issues: { field: string; message: string }[];

  constructor(origin: string, issues: { field: string; message: string }[]) {
    super(`Invalid clients file ${origin}: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`);
    this.name = "ClientsFileError";
    this.issues = issues;
  }
}

/** Checks a clients file's JSON text and reads each client's secret from `env`; every problem is named. */
export function parseClientsFile(
  text: string,
  origin: string,
  env: Record<string, string | undefined>,
): RegisteredClient[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ClientsFileError(origin, [{ field: "(file)", message: `not JSON (${(e as Error).message})` }]);
  }
  const parsed = clientsFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ClientsFileError(
      origin,
      parsed.error.issues.map((i) => ({
        field: i.path.join(".") || "(file)",
        message: i.code === "unrecognized_keys" ? `unknown field ${i.keys.map((k) => `"${k}"`).join(", ")}` : i.message,
      })),
    );
  }
  const issues: { field: string; message: string }[] = [];
  const seen = new Map<string, number>();
  const clients = parsed.data.clients.flatMap((c, i): RegisteredClient[] => {
    const at = (field: string) => `clients.${i}.${field}`;
    const first = seen.get(c.clientId);
    if (first !== undefined) issues.push({ field: at("clientId"), message: `"${c.clientId}" is clients.${first}'s` });
    else seen.set(c.clientId, i);
    const secret = env[c.clientSecretEnv];
    if (!secret) {
      issues.push({ field: at("clientSecretEnv"), message: `environment variable ${c.clientSecretEnv} is not set` });
      return [];
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      issues.push({
        field: at("clientSecretEnv"),
        message: `the secret in ${c.clientSecretEnv} needs at least ${MIN_SECRET_LENGTH} characters`,
      });
      return [];
    }
    return [
      {
        clientId: c.clientId,
        clientSecret: secret,
        redirectUris: c.redirectUris,
        tokenEndpointAuthMethod: c.tokenEndpointAuthMethod,
        ...(c.name !== undefined && { name: c.name }),
      },
    ];
  });
  if (issues.length) throw new ClientsFileError(origin, issues);
  return clients;
}

/** Reads and checks a clients file (see parseClientsFile); a file that cannot be read is said so, with its path. */
export function readClientsFile(file: string, env: Record<string, string | undefined>): RegisteredClient[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new ClientsFileError(file, [{ field: "(file)", message: `cannot be read (${(e as Error).message})` }]);
  }
  return parseClientsFile(text, file, env);
}
