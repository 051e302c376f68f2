-- 005: find a channel's tables (a user's latest, for export and rematch) without a scan.
CREATE INDEX tables_by_channel ON tables (guild_id, channel_id);
