-- Messages to parcels' recipients by SMS or WhatsApp (issue 41, part 2) go through
-- outbound_messages; a recipient who asked to stop (the link each message ends with) is kept here
-- by phone (E.164), and is never written to again.
CREATE TABLE recipient_opt_outs (
    phone TEXT PRIMARY KEY,
    created_at TIMESTAMP NOT NULL
);
