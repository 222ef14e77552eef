-- Names ordered as people read them: ICU's root collation compares letters first, then accents,
-- then case ("Aïn Harrouda" before "Azrou"). Used as `ORDER BY name COLLATE fold`.
CREATE COLLATION IF NOT EXISTS fold (provider = icu, locale = 'und');
