"""The real bots of ``engine/bots`` (as the service seats them) play through Discord."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cogs.app import TrumpfBot
from tables.bots import bot_for
from tests.cogs.helpers import contents, finished, play_out, table_message, tick


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TrumpfBot]) -> TrumpfBot:
    return make_bot(bots=bot_for)  # the levels as production seats them


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("schieber", {"preset": "tournament-1000", "target": 200, "bots": 3, "level": "medium"}),
        ("klaberjass", {"target": 100, "bot": True, "level": "easy"}),
    ],
)
async def test_a_match_against_the_engine_bots(world: Any, game: str, options: dict) -> None:
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, f"jass {game}", **options)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await play_out(env, channel, alice, panel, 1)
    assert finished(channel, 1) and "Trick 1:" in contents(channel)
    assert not env.errors
