import { LocalSource } from "@/lib/content/sources/local";
import { decode, splitRecords } from "@/lib/content/records";
import { createValidator } from "@/lib/content/validate";
const v = createValidator();
const src = new LocalSource(process.argv[2]!);
const t = Date.now();
let n = 0,
  bad = 0;
for (const f of await src.listFiles())
  for await (const r of splitRecords(f.name, decode(f.name, src.read(f)))) {
    n++;
    const o = JSON.parse(r.text);
    if (v(o)) bad++;
  }
const s = (Date.now() - t) / 1000;
console.log({ n, bad, s, rps: n / s, rss: process.resourceUsage().maxRSS / 1024 });
