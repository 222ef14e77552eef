DROP TABLE notice_opt_outs;
DROP TABLE password_tokens;
DROP TABLE outbound_message_attempts;
DROP TABLE outbound_messages;
