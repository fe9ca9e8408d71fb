-- Load on `tokenbench serve` with wrk: each connection cycles through the page and the API
-- requests the page makes, and every answer that is not 200 is counted.
--   wrk -t2 -c40 -d30s --latency -s Benchmarks/Serve/load.lua http://127.0.0.1:8080
local paths = {
  "/",
  "/api/setup",
  "/api/tokens?text=Herr%20Gro%C3%9Fmann%20wohnt%20in%20der%20M%C3%BCllerstra%C3%9Fe&mode=document",
  "/api/tokens?text=grossmann&mode=query",
  "/api/match?document=Herr%20Gro%C3%9Fmann&query=grossmann",
  "/api/tokens?text=%E6%9D%B1%E4%BA%AC%E9%83%BD%E3%81%AB%E4%BD%8F%E3%82%93%E3%81%A7%E3%81%84%E3%81%BE%E3%81%99&tokenizer=japanese&tokenizer=icu&tokenizer=translit",
  "/api/match?document=the%20%EF%AC%81rst%20caf%C3%A9&query=first%20cafe&tokenizer=nfkc&tokenizer=synonyms&tokenizer=porter-unicode61",
}

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failed = 0
  index = math.random(#paths)
end

function request()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end

function response(status, headers, body)
  if status ~= 200 then failed = failed + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("failed") end
  io.write(string.format("answers other than 200: %d\n", total))
  io.write(string.format("requests: %d in %.1f s: %.1f requests/s\n", summary.requests,
    summary.duration / 1e6, summary.requests / (summary.duration / 1e6)))
  io.write(string.format("latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000))
  io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
