-- The outcome call's request (`just bench`, scripts/profile_writes.sh): each request records
-- "no answer" on the next parcel of the list given as the script's argument (two threads,
-- interleaved: `tid` is set in each thread's own Lua state by setup, which runs in the main one).
local next_tid, codes, sent = 0, {}, 0
function setup(thread)
    thread:set("tid", next_tid)
    next_tid = next_tid + 1
end
function init(args)
    for line in io.lines(args[1]) do codes[#codes + 1] = line end
    -- Added to the command line's headers (a table given to wrk.format would replace them).
    wrk.headers["Content-Type"] = "application/json"
end
function request()
    local code = codes[sent * 2 + tid + 1] or codes[#codes]
    sent = sent + 1
    return wrk.format("POST", nil, nil, '{"parcel":"' .. code .. '","status":"no_answer"}')
end
