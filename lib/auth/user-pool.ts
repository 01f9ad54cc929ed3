import type { Kysely, Selectable } from "kysely";
import type { Database, SsoUsersTable } from "@/lib/store";

/** A partner user as the brand's pool records them (spec §2.4 attribute mapping). */
export interface PoolUserInput {
  brandId: string;
  providerName: string;
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

/** spec §2.4: "sub becomes the username in the form <provider_name>_<sub>". */
export function poolUsername(providerName: string, sub: string): string {
  return `${providerName}_${sub}`;
}

/** Records a sign-in in the brand's pool: the user is created on the first one, updated (attributes, time) after. */
export async function recordSignIn(db: Kysely<Database>, user: PoolUserInput, at = new Date()): Promise<string> {
  const username = poolUsername(user.providerName, user.sub);
  const now = at.toISOString();
  const attributes = {
    email: user.email ?? null,
    given_name: user.given_name ?? null,
    family_name: user.family_name ?? null,
    last_sign_in_at: now,
  };
  await db
    .insertInto("sso_users")
    .values({
      brand_id: user.brandId,
      username,
      provider_name: user.providerName,
      sub: user.sub,
      first_sign_in_at: now,
      sign_ins: 1,
      ...attributes,
    })
    .onConflict((oc) =>
      oc
        .columns(["brand_id", "username"])
        .doUpdateSet((eb) => ({ ...attributes, sign_ins: eb("sso_users.sign_ins", "+", 1) })),
    )
    .execute();
  return username;
}

export function poolUser(
  db: Kysely<Database>,
  brandId: string,
  username: string,
): Promise<Selectable<SsoUsersTable> | undefined> {
  return db
    .selectFrom("sso_users")
    .selectAll()
    .where("brand_id", "=", brandId)
    .where("username", "=", username)
    .executeTakeFirst();
}

/**
 * Records a sign-out of the brand: every session of the user signed in until `at` is over from now on, wherever its
 * cookie is presented (a copy taken before included). Sessions are sealed cookies the platform does not list, so the
 * pool keeps the time rather than the sessions; a later sign-in is a session again.
 */
export async function recordSignOut(
  db: Kysely<Database>,
  brandId: string,
  username: string,
  at = new Date(),
): Promise<void> {
  await db
    .updateTable("sso_users")
    .set({ signed_out_at: at.toISOString() })
    .where("brand_id", "=", brandId)
    .where("username", "=", username)
    .execute();
}

/** When the user last signed out of the brand (epoch ms), or undefined (never, or not in the pool). */
export async function lastSignOut(
  db: Kysely<Database>,
  brandId: string,
  username: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("sso_users")
    .select("signed_out_at")
    .where("brand_id", "=", brandId)
    .where("username", "=", username)
    .executeTakeFirst();
  return row?.signed_out_at ? Date.parse(row.signed_out_at) : undefined;
}

/** Users per brand pool (the operators' page). */
export async function poolSizes(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("sso_users")
    .select(["brand_id", (eb) => eb.fn.countAll<number>().as("users")])
    .groupBy("brand_id")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.brand_id, Number(r.users)]));
}
