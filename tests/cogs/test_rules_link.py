"""/jass rules ends with where the whole rules of the game are: TRUMPF_DOCS_URL's page."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tables.settings import Settings

DOCS_URL = "https://example.org/trumpf/docs"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, docs_url=DOCS_URL)


async def test_the_rules_link_the_game_s_page(world: Any) -> None:
    channel, alice = world.channel, world.alice
    await alice.slash(channel, "jass schieber")
    await alice.slash(channel, "jass klaberjass")
    for table, page in ((1, "schieber.md"), (2, "klaberjass.md")):
        res = await alice.slash(channel, "jass rules", table=table)
        fields = {f.name: f.value for f in res.response.embeds[0].fields}
        assert fields["Full rules"] == f"[docs/{page}]({DOCS_URL}/{page})"
