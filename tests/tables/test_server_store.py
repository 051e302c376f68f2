"""Server settings and private hand panels in the store: kept across a restart."""

from __future__ import annotations

import pytest

from tables.errors import BadOptions
from tables.server_settings import ServerSettings
from tables.server_store import PanelRow


async def test_server_settings_are_kept_per_server_across_a_restart(open_service):
    service = await open_service()
    assert await service.server_settings("g1") == ServerSettings()
    changed = await service.change_server_settings("g1", "u1", threads=False, clock_s=30)
    assert changed == ServerSettings(threads=False, clock_s=30)
    with pytest.raises(BadOptions):
        await service.change_server_settings("g1", "u1", bot_level="genius")
    await service.close()
    service = await open_service()
    assert await service.server_settings("g1") == changed  # the refused change left nothing
    assert await service.server_settings("g2") == ServerSettings()


async def test_panel_rows_round_trip_and_never_show_their_token(open_service):
    service = await open_service()
    row = PanelRow(7, "u1", 42, "secret-token", 1234, 1000.0)
    await service.servers.save_panel(row)
    await service.servers.save_panel(PanelRow(7, "u2", 42, "other-token", 99, 2000.0))
    assert "secret-token" not in repr(row) and "secret-token" not in str(row)
    await service.close()
    service = await open_service()
    assert set(await service.servers.panels()) >= {row}
    await service.servers.drop_panel(7, "u1")
    assert [p.user for p in await service.servers.panels()] == ["u2"]
    await service.servers.drop_panel(7)
    assert await service.servers.panels() == []
