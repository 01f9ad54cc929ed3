import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decode, recordText, splitRecords, type RawRecord } from "../records";

async function* chunked(buf: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function collect(file: string, text: string | Buffer, chunkSize = 7): Promise<RawRecord[]> {
  const out: RawRecord[] = [];
  const buf = typeof text === "string" ? Buffer.from(text) : text;
  for await (const r of splitRecords(file, decode(file, chunked(buf, chunkSize)))) out.push(r);
  return out;
}

describe("splitRecords", () => {
  const tricky = { id: "a,]}", name: { en: 'say "hi" \\ [x] {y}, ünïcødé ✓' } };

  it("splits a JSON array into elements whatever the chunk boundaries, with the line each starts on", async () => {
    const text = `[\n${JSON.stringify(tricky)},\n  {"id":"b"}\n,{"id":"c",\n"n":[1,2,{"x":[]}]}\n]\n`;
    for (const size of [1, 3, 7, 64, 4096]) {
      const recs = await collect("x.json", text, size);
      expect(recs.map((r) => JSON.parse(recordText(r)).id)).toEqual(["a,]}", "b", "c"]);
      expect(recs.map((r) => r.line)).toEqual([2, 3, 4]);
    }
    expect(JSON.parse((await collect("x.json", text))[0]!.bytes.toString())).toEqual(tricky);
  });

  it("reads JSON Lines, skipping blank lines and counting lines", async () => {
    const recs = await collect("x.jsonl", `{"id":"a"}\n\n{"id":"b"}\r\n{"id":"c"}`);
    expect(recs.map((r) => [JSON.parse(recordText(r)).id, r.line])).toEqual([
      ["a", 1],
      ["b", 3],
      ["c", 4],
    ]);
  });

  it("passes a corrupt line on as a record (it is rejected later, not the file)", async () => {
    const recs = await collect("x.jsonl", `{"id":"a"}\n{"id": oops\n{"id":"c"}\n`);
    expect(recs.map((r) => recordText(r))).toEqual(['{"id":"a"}', '{"id": oops', '{"id":"c"}']);
  });

  it("treats an incomplete last line as a truncated file", async () => {
    await expect(collect("x.jsonl", `{"id":"a"}\n{"id":"b","na`)).rejects.toMatchObject({ code: "TRUNCATED_INPUT" });
  });

  it("treats an unclosed array as a truncated file", async () => {
    await expect(collect("x.json", `[{"id":"a"},{"id":"b"`)).rejects.toMatchObject({ code: "TRUNCATED_INPUT" });
    await expect(collect("x.json", `[{"id":"a"},`)).rejects.toMatchObject({ code: "TRUNCATED_INPUT" });
  });

  it("refuses data after the array and empty elements", async () => {
    await expect(collect("x.json", `[{"id":"a"}] {"id":"b"}`)).rejects.toMatchObject({ code: "INVALID_EXPORT_FILE" });
    await expect(collect("x.json", `[{"id":"a"},,{"id":"b"}]`)).rejects.toMatchObject({ code: "INVALID_EXPORT_FILE" });
  });

  it("gives nothing for an empty file or an empty array", async () => {
    expect(await collect("x.json", "")).toEqual([]);
    expect(await collect("x.json", " [ ] ")).toEqual([]);
  });

  it("gunzips .gz files and reports a truncated gzip", async () => {
    const gz = gzipSync(Buffer.from(`{"id":"a"}\n{"id":"b"}\n`.repeat(200)));
    expect(await collect("x.jsonl.gz", gz, 100)).toHaveLength(400);
    await expect(collect("x.jsonl.gz", gz.subarray(0, gz.length - 20), 100)).rejects.toMatchObject({
      code: "TRUNCATED_INPUT",
    });
  });
});

describe("leadingId", () => {
  it("reads the id an exporter writes first, and gives up on anything else", async () => {
    const { leadingId } = await import("../stage");
    expect(leadingId(Buffer.from('{"id":"HTL-1","name":{}}'))).toBe("HTL-1");
    expect(leadingId(Buffer.from('{"id":"Hôtel ✓","x":1}'))).toBe("Hôtel ✓");
    expect(leadingId(Buffer.from('{"name":{},"id":"HTL-1"}'))).toBeUndefined();
    expect(leadingId(Buffer.from('{ "id": "HTL-1" }'))).toBeUndefined();
    expect(leadingId(Buffer.from('{"id":"a\\"b"}'))).toBeUndefined();
    expect(leadingId(Buffer.from('{"id":""}'))).toBeUndefined();
  });
});

describe("splitRecords with a per-record limit", () => {
  const big = (n: number) => JSON.stringify({ id: "HUGE", pad: "x".repeat(n) });
  async function split(file: string, text: string, max: number, chunkSize: number): Promise<RawRecord[]> {
    const out: RawRecord[] = [];
    for await (const r of splitRecords(file, chunked(Buffer.from(text), chunkSize), max)) out.push(r);
    return out;
  }

  it.each([
    ["JSON Lines", "a.jsonl", (parts: string[]) => parts.join("\n") + "\n"],
    ["a JSON array", "a.json", (parts: string[]) => `[\n${parts.join(",\n")}\n]`],
  ])("skips an oversized record in %s (keeping its start), the others whole and in place", async (_, file, join) => {
    const text = join(['{"id":"A"}', big(300_000), '{"id":"B"}', big(20_000), '{"id":"C"}']);
    for (const chunkSize of [1000, 64 * 1024, 1 << 20]) {
      const records = await split(file, text, 10_000, chunkSize);
      expect(
        records.map((r) => [r.line, r.oversize ?? null]),
        `chunks of ${chunkSize}`,
      ).toEqual([
        [file === "a.json" ? 2 : 1, null],
        [file === "a.json" ? 3 : 2, big(300_000).length],
        [file === "a.json" ? 4 : 3, null],
        [file === "a.json" ? 5 : 4, big(20_000).length],
        [file === "a.json" ? 6 : 5, null],
      ]);
      expect(records.map((r) => recordText(r).slice(0, 10))).toEqual([
        '{"id":"A"}',
        '{"id":"HUG',
        '{"id":"B"}',
        '{"id":"HUG',
        '{"id":"C"}',
      ]);
      // Only the start of an oversized record is held.
      for (const r of records) expect(r.bytes.length).toBeLessThanOrEqual(4096);
    }
  });

  it("skips an oversized last line without a newline", async () => {
    const records = await split("a.jsonl", `{"id":"A"}\n${big(50_000)}`, 10_000, 1000);
    expect(records.map((r) => r.oversize ?? null)).toEqual([null, big(50_000).length]);
  });
});
