-- Creation's request (`just bench`, scripts/profile_writes.sh): each parcel to a recipient of
-- its own, as a merchant's parcels are. (One phone for all made every answer sum that
-- recipient's whole history, which the outcome rounds grew by thousands of failed attempts.)
-- `tid` is set in each thread's own Lua state by setup, which runs in the main one.
local next_tid, sent = 0, 0
function setup(thread)
    thread:set("tid", next_tid)
    next_tid = next_tid + 1
end
function init(args)
    -- Added to the command line's headers (a table given to wrk.format would replace them).
    wrk.headers["Content-Type"] = "application/json"
end
function request()
    sent = sent + 1
    local phone = string.format("06%02d%06d", (tid or 0) % 100, sent % 1000000)
    return wrk.format("POST", nil, nil,
        '{"recipient_name":"Client Bench","recipient_phone":"' .. phone ..
        '","city":"Casablanca","address":"1 rue des Tests","cod_amount":15000,"product":"Article"}')
end
