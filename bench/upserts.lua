-- wrk script: POST /ops/v1/orders, each request one order with two lines. Order numbers are
-- "W<run><thread><counter>": new orders until a run has sent more than BENCH_ORDERS_PER_THREAD per
-- thread, then the same numbers again (replacing a stored order: the other branch of the upsert).
-- Env: BENCH_OPS_KEY (required), BENCH_RUN (letters/digits, distinct per run), BENCH_UPM_ID (optional:
-- the orders then belong to that member, so the write also checks the member).
local threads = {}
local ops_key = os.getenv("BENCH_OPS_KEY")
local run_id = os.getenv("BENCH_RUN") or "R"
local upm_id = os.getenv("BENCH_UPM_ID")
local per_thread = tonumber(os.getenv("BENCH_ORDERS_PER_THREAD") or "1000000")

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

local template = [[{"orderNumber":"%s","orderType":"SALES_ORDER","orderClassification":"CONSUMER",
"country":"US","currency":"USD","upmId":%s,"email":"bench.writer@example.com",
"phone":{"countryCode":"1","subscriberNumber":"5035550100"},"orderDate":"2026-11-01T10:00:00Z",
"shippingTotal":7.5,"payments":[{"paymentType":"credit_card","paymentDisplayNumber":"4111111111111111"}],
"lines":[{"lineNumber":1,"gtin":"00012345678905","skuId":"SKU-1","productId":"P1","styleColor":"AR2-001",
"title":"Stride Runner 4","category":"Men's Road Running Shoes","color":"Black/White","size":"10",
"imageUrl":"/images/products/AR2-001.svg","quantity":1,"unitPrice":120,"tax":9.6,"status":"In Transit",
"shipmentNumber":"S1","trackingUrl":"https://tracking.example.com/ups/1Z1","estimatedDeliveryDate":"2026-11-05"},
{"lineNumber":2,"gtin":"00012345678912","skuId":"SKU-2","productId":"P2","styleColor":"DTT-001",
"title":"Dri-Tech Training Tee","category":"Training Top","color":"Navy","size":"M","quantity":2,
"unitPrice":"25.00","tax":4,"status":"created"}]}]]

local counter = 0
local member = upm_id and ('"' .. upm_id .. '"') or "null"

function init(args)
  counter = 0
end

function request()
  counter = counter + 1
  local number = string.format("W%s%02d%07d", run_id, thread_id or 0, counter % per_thread)
  local headers = { ["Content-Type"] = "application/json", ["X-Ops-Key"] = ops_key }
  return wrk.format("POST", "/ops/v1/orders", headers, string.format(template, number, member))
end
