-- The language each person chose for the web app (fr, en, ar), kept with his account so that it
-- follows him from one phone or computer to another; NULL until he chooses one.
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('fr', 'en', 'ar'));
