import { seeOther } from "@/lib/http/redirect";
import { OPS_COOKIE, OPS_PATH } from "@/lib/ops/auth";

export async function POST() {
  const response = seeOther(OPS_PATH);
  response.cookies.set(OPS_COOKIE, "", { httpOnly: true, sameSite: "strict", path: OPS_PATH, maxAge: 0 });
  return response;
}
