DROP TABLE recipient_opt_outs;
