import { isAppError } from "@/lib/http/node";
import { addKey, listKeys, revokeKey, type McpKey } from "@/lib/mcp/node";
import { openConfiguredStore } from "@/lib/store";
import { commandLine, usageError } from "./args";

const usage = `Usage: npm run mcp:keys -- <command>

  add --partner NAME --use-case TEXT [--ip-range CIDR]… [--limit N] [--json]
          issue a partner key for the assistant endpoint (spec §5 rule 4): the partner, its use case and, if it
          gave any, the IP ranges (IPv4 or IPv6 CIDR, or single addresses) it will call from; --limit: requests per
          window for this key instead of MCP_PARTNER_LIMIT. The key is printed once: only its digest is stored.
  list [--json]
          every key: id, partner, ranges, limit, use case, issued, revoked
  revoke <id or key>
          revoke a key (by its id "mk_…", or the key itself); instances stop accepting it within 10 s

Store: the SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL=postgres://…`;

function row(k: McpKey): string {
  return [
    k.id.padEnd(16),
    k.partner.slice(0, 24).padEnd(24),
    (k.ipRanges.join(",") || "any address").slice(0, 40).padEnd(40),
    String(k.rateLimit ?? "tier").padEnd(6),
    k.createdAt.slice(0, 10),
    (k.revokedAt ? `revoked ${k.revokedAt.slice(0, 10)}` : "active").padEnd(18),
    k.useCase.replace(/\s+/g, " ").slice(0, 40),
  ].join("  ");
}

async function main(): Promise<number> {
  const { values, positionals } = commandLine("mcp:keys", usage, {
    allowPositionals: true,
    options: {
      partner: { type: "string" },
      "use-case": { type: "string" },
      "ip-range": { type: "string", multiple: true },
      limit: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const [command, target] = positionals;
  if (!command || !["add", "list", "revoke"].includes(command))
    usageError("mcp:keys", `a command is needed: add, list or revoke${command ? ` (not "${command}")` : ""}`);
  if (command === "add" && (!values.partner || !values["use-case"]))
    usageError("mcp:keys", "add needs --partner NAME and --use-case TEXT");
  if (command === "revoke" && !target) usageError("mcp:keys", "revoke needs a key's id or the key");
  const store = await openConfiguredStore();
  try {
    if (command === "add") {
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      const { key, record } = await addKey(store.db, {
        partner: values.partner!,
        useCase: values["use-case"]!,
        ipRanges: values["ip-range"]?.flatMap((r) => r.split(",")).filter((r) => r.trim()) ?? [],
        rateLimit: limit,
      });
      if (values.json) console.log(JSON.stringify({ key, ...record }, null, 2));
      else {
        console.log(`Key issued to ${record.partner} (id ${record.id}):\n\n  ${key}\n`);
        console.log("It is shown only now: hand it to the partner with the endpoint, {brand host}/mcp?api_key=<key>.");
        console.log(
          `IP ranges: ${record.ipRanges.join(", ") || "any address"}; limit: ${record.rateLimit ?? "the partner tier's"}`,
        );
      }
    } else if (command === "list") {
      const keys = await listKeys(store.db);
      if (values.json) console.log(JSON.stringify(keys, null, 2));
      else {
        console.log(
          [
            "id".padEnd(16),
            "partner".padEnd(24),
            "IP ranges".padEnd(40),
            "limit".padEnd(6),
            "issued    ",
            "state".padEnd(18),
            "use case",
          ].join("  "),
        );
        for (const k of keys) console.log(row(k));
        console.log(`${keys.length} key${keys.length === 1 ? "" : "s"}`);
      }
    } else {
      const revoked = await revokeKey(store.db, target!);
      if (!revoked) {
        console.error(`No key has the id or value "${target!.slice(0, 20)}"`);
        return 1;
      }
      console.log(`Revoked ${revoked.id} (${revoked.partner}) on ${revoked.revokedAt}`);
    }
    return 0;
  } catch (e) {
    console.error(
      isAppError(e)
        ? `${e.code}${e.field ? ` (${e.field})` : ""}: ${e.message}`
        : `mcp:keys failed: ${(e as Error).message}`,
    );
    return 1;
  } finally {
    await store.close();
  }
}

main().then((code) => process.exit(code));
