"""Server settings and private hand panels in the store: kept across a restart."""

from __future__ import annotations

import pytest

from tables.decks import Deck
from tables.errors import BadOptions
from tables.model import TableOptions
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


async def test_a_servers_deck_is_kept_and_new_tables_keep_theirs(open_service):
    service = await open_service()
    changed = await service.change_server_settings("g1", "u1", deck="swiss")
    assert changed.deck is Deck.SWISS and ServerSettings().deck is Deck.FRENCH
    with pytest.raises(BadOptions, match="There is no deck 'tarot'; choose french or swiss"):
        await service.change_server_settings("g1", "u1", deck="tarot")
    swiss = await service.create_table("schieber", "g1", "c1", "u1", TableOptions(deck=Deck.SWISS))
    with pytest.raises(BadOptions, match="Klaberjass is played with French cards only"):
        await service.create_table("klaberjass", "g1", "c1", "u2", TableOptions(deck=Deck.SWISS))
    await service.close()
    service = await open_service()
    assert (await service.server_settings("g1")).deck is Deck.SWISS
    assert (await service.server_settings("g2")).deck is Deck.FRENCH
    assert service.table(swiss.id).options.deck is Deck.SWISS
    assert [t.id for t in service.tables("g1")] == [swiss.id]  # the refused one was not made


def test_table_options_written_before_decks_read_as_french():
    old = '{"card_clock_s": 60.0, "contract_clock_s": 120.0, "rules": {}}'
    assert TableOptions.from_json(old).deck is Deck.FRENCH
    swiss = TableOptions({"target": 1000}, None, None, Deck.SWISS)
    assert TableOptions.from_json(swiss.to_json()) == swiss


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
