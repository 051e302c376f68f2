"""The league's values: seasons, standings, player stats, match summaries, and errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tables.errors import TableError

ALL_TIME = 0  # the season id of all-time standings
ALL_TIME_NAMES = ("all-time", "all time", "alltime", "all")
PER_PAGE = 10


class LeagueError(TableError):
    """Something asked of the league that it cannot answer or do."""


class UnknownSeason(LeagueError):
    pass


class SeasonError(LeagueError):
    """Starting a season while one runs, ending none, a name taken or unusable."""


class NoMatches(LeagueError):
    """No counted match fits: an empty league, season or player record."""

    def __init__(self, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player


class UnknownMatch(LeagueError):
    pass


# --- values -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rating:
    """An openskill rating: ``mu`` the estimate, ``sigma`` its uncertainty.

    >>> r = Rating(27.5, 2.0)
    >>> str(r), r.ordinal
    ('27.5 ± 2.0', 21.5)
    """

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the rating the player is very likely above; tables rank by it."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.mu:.1f} ± {self.sigma:.1f}"


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    name: str
    started_at: float
    ended_at: float | None = None
    matches: int = 0

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str  # a user id, or "bot:<level>"
    played: int
    won: int
    rated: int  # rated matches; 0: the rating is the starting one
    points: int
    hands: int
    rating: Rating

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class StandingsPage:
    game: str
    season: Season | None  # None: all-time
    page: int
    pages: int
    total: int  # players in the table
    rows: tuple[Standing, ...]  # rated players first (rank by mu - 3 sigma), then the unrated
    rate_bots: bool = False  # the server rates matches with bots at the table

    @property
    def season_name(self) -> str:
        return "all-time" if self.season is None else self.season.name


@dataclass(frozen=True, slots=True)
class Partner:
    player: str
    matches: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    game: str
    season: Season | None
    matches: int
    wins: int
    rated: int
    points: int
    hands: int
    weis: int  # Klaberjass: sequences
    stoeck: int  # Klaberjass: Bela
    match_hands: int  # Schieber: hands where the player's team took all nine tricks
    made: int  # Klaberjass: hands as the maker
    made_failed: int
    rating: Rating | None
    rank: int | None
    ranked: int  # players in the table the rank is out of
    best_partner: Partner | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def maker_rate(self) -> float | None:
        """Klaberjass: the share of hands as maker that the maker won; None if never maker."""
        return (self.made - self.made_failed) / self.made if self.made else None


@dataclass(frozen=True, slots=True)
class MatchSeat:
    seat: int
    side: int
    player: str | None  # as the league counts it: user, the person who left, or "bot:<level>"
    bot: str | None
    left: str | None  # the person who handed this seat to a bot
    rating: Rating | None  # all-time rating after the match, if it was rated for this seat


@dataclass(frozen=True, slots=True)
class MatchSummary:
    table_id: int
    game: str
    preset: str
    season_id: int | None
    rated: bool
    hands: int
    finished_at: float
    sheet: tuple[tuple[int, ...], ...]  # per hand, per side
    scores: tuple[int, ...]
    winner: int
    started_at: float | None
    seats: tuple[MatchSeat, ...]

    def side(self, side: int) -> tuple[MatchSeat, ...]:
        return tuple(s for s in self.seats if s.side == side)


def player_of(user: str | None, bot: str | None, left: str | None) -> str:
    """Who a seat counts for: its person, the person who left it to a bot, or the bot."""
    return user or left or f"bot:{bot}"


def is_bot(player: str) -> bool:
    return player.startswith("bot:")


def best_partner(partners: list[tuple[str, int, int]]) -> Partner | None:
    """The partner with the best win rate over at least three matches together; with
    fewer matches behind any pairing, the one with the most wins together."""
    if not partners:
        return None
    steady = [p for p in partners if p[1] >= 3]
    if steady:
        best = max(steady, key=lambda p: (p[2] / p[1], p[1]))
    else:
        best = max(partners, key=lambda p: (p[2], -p[1]))
    return Partner(best[0], best[1], int(best[2]))


def summary_of(r: tuple[Any, ...]) -> MatchSummary:
    table_id, game, preset, season_id, rated, hands, finished_at = r[:7]
    sheet, scores, winner, started_at, seats = r[7:]
    return MatchSummary(
        table_id, game, preset, season_id, bool(rated), hands, finished_at,
        tuple(tuple(h) for h in sheet), tuple(scores), winner, started_at,
        tuple(
            MatchSeat(s[0], s[1], s[5] or player_of(s[2], s[3], s[4]), s[3], s[4],
                      Rating(s[6], s[7]) if s[6] is not None else None)
            for s in seats
        ),
    )  # fmt: skip
