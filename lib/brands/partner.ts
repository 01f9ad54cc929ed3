import { AppError } from "@/lib/http/node";
import { brands } from "./process";
import type { Brand } from "./registry";

/** Spec §5: the brand whose partner key the X-Partner-Key header carries; missing or unknown → 401. */
export function brandForPartnerKey(key: string | null): Brand {
  if (!key) {
    throw new AppError({
      code: "UNAUTHORIZED",
      field: "X-Partner-Key",
      message: "The X-Partner-Key header is required",
    });
  }
  const brand = brands().forPartnerKey(key);
  if (!brand) {
    throw new AppError({ code: "UNAUTHORIZED", field: "X-Partner-Key", message: "Unknown partner key" });
  }
  return brand;
}
