DROP TABLE settings;
DROP TABLE activities;
DROP TABLE personal_tokens;
DROP TABLE sessions;
DROP TABLE users;
