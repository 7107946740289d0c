-- wrk script: each request takes the next "path<TAB>token" line of $BENCH_TARGETS, round robin
-- (each thread starts at a different offset), and sends the token as a bearer header.
local targets = {}
local counter = 0
local accept_encoding = os.getenv("BENCH_ACCEPT_ENCODING")

function setup(thread)
  thread:set("offset", math.random(0, 1000))
end

function init(args)
  for line in io.lines(os.getenv("BENCH_TARGETS")) do
    local path, token = line:match("^([^\t]+)\t?(.*)$")
    if path then
      targets[#targets + 1] = { path = path, token = token }
    end
  end
  counter = offset or 0
end

function request()
  counter = counter + 1
  local target = targets[(counter % #targets) + 1]
  local headers = {}
  if target.token ~= "" then
    headers["Authorization"] = "Bearer " .. target.token
  end
  -- BENCH_ACCEPT_ENCODING: ask as a browser does (wrk asks for no encoding; docs/performance.md, twentieth session)
  if accept_encoding then
    headers["Accept-Encoding"] = accept_encoding
  end
  return wrk.format("GET", target.path, headers)
end
