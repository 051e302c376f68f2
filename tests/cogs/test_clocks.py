"""Turn clocks through Discord: a warning that mentions, a stand-in bot, the player back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tables.settings import Settings
from tests.cogs.helpers import contents, place, table_message, tick


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Bots wait two seconds, so a stand-in does not play the whole match in one go."""
    return replace(settings, bot_pause_s=2.0)


async def test_a_clock_that_runs_out_lets_a_bot_stand_in_until_the_player_is_back(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber", bots=3)  # 120 s for the contract, warned at 15
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    service = env.bot.service
    assert service.table(1).to_move == 0
    await tick(env, 106)
    warning = place(channel).last_message
    assert warning.content.startswith(f"⏳ {alice.mention}, your clock at table #1 runs out soon")
    sent = [r for r in env.http_requests if r.method == "POST" and r.json and "⏳" in str(r.json)]
    assert sent[-1].json["allowed_mentions"]["users"] == [alice.id]  # this one pings
    await tick(env, 14)  # past the deadline; the stand-in has not played yet
    text = contents(channel)
    assert f"⏰ {alice.mention}'s clock ran out: a medium bot plays seat 1" in text
    assert service.table(1).seats[0].away

    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    assert "a bot plays for you" in panel.embeds[0].description
    await alice.click(panel, label="↻ Refresh")
    assert not service.table(1).seats[0].away
    assert f"👋 {alice.mention} is back" in contents(channel)
