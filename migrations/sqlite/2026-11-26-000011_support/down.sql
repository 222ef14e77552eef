DROP INDEX activities_subject_key;
DROP INDEX activities_action;
DROP INDEX activities_user;
DROP TABLE guides;
DROP TABLE announcements;
DROP TABLE ticket_messages;
DROP TABLE tickets;
