"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Looks at the run again every `seconds` while it goes (the partner's browser brings its items). */
export function Refresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
