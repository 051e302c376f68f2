"""The league's embeds: the table, a player's stats, recent matches, a score sheet."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from cogs.render import GAME_NAMES
from tables.league import MatchSummary, PlayerStats, Season, Standing, StandingsPage, is_bot

COLOUR = discord.Colour.dark_green()
SHEET_LINES = 30  # hands shown on a score sheet before it is cut short


def name(player: str | None) -> str:
    """A person as a mention (shown as their name, no ping in an embed), a bot by level."""
    if player is None:
        return "?"
    if is_bot(player):
        return f"🤖 Bot ({player[4:]})"
    return f"<@{player}>" if player.isdigit() else player


def when(timestamp: float, style: str = "R") -> str:
    return f"<t:{int(timestamp)}:{style}>"


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def table_embed(page: StandingsPage, names: Mapping[str, str] | None = None) -> discord.Embed:
    """Rated players by rank; after them, without a rank, those not rated yet, and why."""
    names = names or {}
    lines = []
    rated = [row for row in page.rows if row.rated]
    for row in rated:
        lines.append(
            f"`{row.rank:>3}.` {names.get(row.player) or name(row.player)} · "
            f"{_record(row)} · **{row.rating}** · {row.points_per_hand:.1f} pts/hand"
        )
    unrated = [row for row in page.rows if not row.rated]
    if unrated:
        lines.append(f"**Not rated yet:** {unrated_reason(page.rate_bots)}")
    for row in unrated:
        lines.append(
            f"`   –` {names.get(row.player) or name(row.player)} · {_record(row)} · "
            f"{row.points_per_hand:.1f} pts/hand"
        )
    embed = discord.Embed(
        title=f"{GAME_NAMES[page.game]} league — {season_title(page.season)}",
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_footer(
        text=f"Page {page.page} of {page.pages} · {page.total} players · rating μ ± σ "
        "(openskill); ranked by μ − 3σ, the rating we are sure of"
    )
    return embed


def unrated_reason(rate_bots: bool) -> str:
    if rate_bots:
        return "no match of theirs has been rated yet."
    return (
        "every match they played had a bot at the table, and this server does not rate "
        "those (Manage Server can turn that on: `/league rated-bots`)."
    )


def _record(row: Standing) -> str:
    return f"{row.played} played · {row.won} won ({percent(row.win_rate)})"


def season_title(season: Season | None) -> str:
    if season is None:
        return "all-time"
    return f"season “{season.name}”" + ("" if season.is_open else " (ended)")


def stats_embed(player: str, stats: list[PlayerStats]) -> discord.Embed:
    embed = discord.Embed(
        title="League stats",
        description=f"{name(player)} · {season_title(stats[0].season)}",
        colour=COLOUR,
    )
    for s in stats:
        lines = [
            f"**{s.matches}** matches · **{s.wins}** won ({percent(s.win_rate)})",
            (
                f"Rating **{s.rating}** · rank {s.rank} of {s.ranked}"
                if s.rating is not None
                else "Not rated yet (no rated match: matches with bots are not rated)"
            ),
            f"{s.points_per_hand:.1f} points per hand over {s.hands} hands",
        ]
        if s.game == "schieber":
            lines.append(f"Weis {s.weis} · Stöck {s.stoeck} · Match {s.match_hands}")
            if s.best_partner is not None:
                p = s.best_partner
                lines.append(f"Best partner {name(p.player)}: {p.wins} won of {p.matches} together")
        else:
            lines.append(f"Sequences {s.weis} · Bela {s.stoeck}")
            if s.maker_rate is not None:
                lines.append(
                    f"As maker: {percent(s.maker_rate)} made "
                    f"({s.made - s.made_failed} of {s.made} hands)"
                )
        embed.add_field(name=GAME_NAMES[s.game], value="\n".join(lines), inline=False)
    return embed


def sides_line(m: MatchSummary) -> str:
    parts = []
    for side in (0, 1):
        who = " & ".join(name(s.player) for s in m.side(side))
        mark = "🏆 " if side == m.winner else ""
        parts.append(f"{mark}{who} **{m.scores[side]}**")
    return " vs ".join(parts)


def recent_embed(matches: list[MatchSummary], title: str) -> discord.Embed:
    lines = [
        f"`#{m.table_id}` {GAME_NAMES[m.game]} ({m.preset}) · {sides_line(m)} · "
        f"{when(m.finished_at)}{'' if m.rated else ' · unrated'}"
        for m in matches
    ]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    embed.set_footer(text="Score sheet and hand records: /league recent match:<number>")
    return embed


def sheet_embed(m: MatchSummary) -> discord.Embed:
    heads = ("Team A", "Team B") if m.game == "schieber" else ("Seat 1", "Seat 2")
    rows = [f"{'Hand':>4} {heads[0]:>7} {heads[1]:>7} {'Total':>13}"]
    running = [0, 0]
    for number, hand in enumerate(m.sheet, 1):
        running = [running[0] + hand[0], running[1] + hand[1]]
        if number <= SHEET_LINES:
            total = f"{running[0]}–{running[1]}"
            rows.append(f"{number:>4} {hand[0]:>7} {hand[1]:>7} {total:>13}")
    if len(m.sheet) > SHEET_LINES:
        rows.append(f"… {len(m.sheet) - SHEET_LINES} more hands in the file")
    embed = discord.Embed(
        title=f"{GAME_NAMES[m.game]} match #{m.table_id} ({m.preset})",
        description=sides_line(m) + "\n```\n" + "\n".join(rows) + "\n```",
        colour=COLOUR,
    )
    for side, head in zip((0, 1), heads, strict=True):
        players = []
        for seat in m.side(side):
            line = name(seat.player)
            if seat.left:
                line += " (left; a bot finished)"
            if seat.rating is not None:
                line += f" → {seat.rating}"
            players.append(line)
        embed.add_field(name=head, value="\n".join(players) or "—", inline=True)
    started = f"started {when(m.started_at, 'f')}, " if m.started_at else ""
    rated = "rated" if m.rated else "not rated (a bot played)"
    embed.add_field(
        name="Played", value=f"{started}finished {when(m.finished_at, 'f')}; {rated}", inline=False
    )
    embed.set_footer(text="The file holds every hand; check it with python -m engine.replay")
    return embed
