-- 008: per server, minutes without a press before a table in play pauses, and how many
-- tables may be open at once (/jass settings idle: tables:); NULL: Trumpf's default.
ALTER TABLE server_settings ADD COLUMN idle_min INTEGER;
ALTER TABLE server_settings ADD COLUMN max_tables INTEGER;
