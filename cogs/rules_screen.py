"""The rules of a table, as ``/jass rules`` shows them."""

from __future__ import annotations

from cogs.render import GAME_NAMES
from cogs.screens import Screen, clock_line, embed_for, multiplier_suits, rules_line, rules_of
from tables.model import Table

DOCS = {"schieber": "schieber.md", "klaberjass": "klaberjass.md"}  # in docs/


def docs_link(game: str, docs_url: str = "") -> str:
    """Where the whole rules are: a link under ``TRUMPF_DOCS_URL``, else the file's name
    (a clone carries it, and the bot cannot know where its repository is published)."""
    page = DOCS[game]
    if docs_url:
        return f"[docs/{page}]({docs_url}/{page})"
    return f"`docs/{page}` in Trumpf's source"


def rules_screen(table: Table, docs_url: str = "") -> Screen:
    rules = rules_of(table)
    name = GAME_NAMES[table.game]
    embed = embed_for(table, f"Rules of {name} table #{table.id}", rules_line(table))
    if table.game == "schieber":
        m = rules.multipliers
        black, red = multiplier_suits(table)
        embed.add_field(name="Preset", value=rules.preset)
        embed.add_field(name="Target", value=str(rules.target))
        embed.add_field(
            name="Multipliers",
            value=f"{black} ×{m[0]}, {red} ×{m[1]}, Obenabe ×{m[2]}, Undenufe ×{m[3]}",
            inline=False,
        )
        for label, on in (
            ("Weis", rules.weis),
            ("Stöck", rules.stoeck),
            ("Match bonus (+100)", rules.match_bonus),
            ("Undenufe: 6 = 11, A = 0", rules.undenufe_six_eleven),
        ):
            embed.add_field(name=label, value="yes" if on else "no")
        embed.add_field(
            name="How it goes",
            inline=False,
            value=(
                "The forehand names the contract or pushes it to the partner. Follow suit or "
                "trump (no undertrumping); the trump Jack never has to be played. Weis count for "
                "the team with the best one after the first trick; Stöck with the second of "
                "trump K and Q. Everything is multiplied by the contract's multiplier."
            ),
        )
    else:
        embed.add_field(name="Target", value=str(rules.target))
        embed.add_field(
            name="How it goes",
            inline=False,
            value=(
                "Take the turn-up's suit or pass; in round two name another suit or pass (both "
                "pass twice: the hand is dealt again). The holder of the trump 7 may swap it for "
                "the turn-up before their first card. Follow suit, trump if you cannot, and "
                "overtrump when trump is led. The best sequence scores; Bela (trump K and Q) "
                "always scores. The maker must score more than the opponent, or the opponent "
                "scores both totals."
            ),
        )
    embed.add_field(name="Turn clock", value=clock_line(table), inline=False)
    embed.add_field(name="Deck", value=table.options.deck.title, inline=False)
    embed.add_field(name="Full rules", value=docs_link(table.game, docs_url), inline=False)
    return Screen(embed=embed)
