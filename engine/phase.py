import enum


class Phase(enum.Enum):
    """Where a match stands; ``DEAL`` waits for the chance action ``Deal(seed)``."""

    DEAL = "deal"
    CONTRACT = "contract"  # Schieber: the forehand names or pushes
    BIDDING = "bidding"  # Klaberjass: take, pass or name
    PLAY = "play"
    OVER = "over"
