import autocannon from "autocannon";
const [path, enc, body] = [process.argv[2], process.argv[3], process.argv[4]];
const r = await autocannon({ url: "http://127.0.0.1:3300" + path, connections: 32, duration: 8, requests: [{ method: body ? "POST" : "GET", headers: { ...(enc ? {"accept-encoding": enc} : {}), "content-type": "application/json", "x-partner-key": "demo-aurora-partner-key-0001" }, body }] });
console.log(path, enc || "-", Math.round(r.requests.average), "rps p50", r.latency.p50, "p99", r.latency.p99, "non2xx", r.non2xx);
