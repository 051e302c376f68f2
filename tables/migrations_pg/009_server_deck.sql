-- 009: the deck a server's new Schieber tables are shown with (/jass settings deck:).
ALTER TABLE server_settings ADD COLUMN deck TEXT;  -- NULL: french
