"""The registry of games: one line per game; everything outside a game's own package finds it here."""

from __future__ import annotations

from core.cards.g54.spec import G54_SPEC
from core.cards.spec import COUP_SPEC, REFORMATION_SPEC
from core.game import Bot, Game, GameSpec
from core.wargame.spec import WARGAME_SPEC

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (COUP_SPEC, REFORMATION_SPEC, G54_SPEC, WARGAME_SPEC)}


def game_spec(name: str) -> GameSpec:
    """The game registered under name; ValueError naming the known ones otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


def get_game(name: str) -> Game:
    """The engine of the game registered under name."""
    return game_spec(name).engine


def bot_levels() -> tuple[str, ...]:
    """Every level a computer opponent can have in some game, in the order the games name them (a game refuses the
    ones it lacks, naming its own)."""
    return tuple(dict.fromkeys(level for spec in GAMES.values() for level in spec.bots))


def games_played_by(level: str) -> list[str]:
    """The titles of the games a computer opponent of level plays."""
    return [spec.title for spec in GAMES.values() if level in spec.bots]


def levels_told() -> str:
    """Each level with the games it plays: 'rule (every game), ..., greedy (The 1992 wargame)'."""
    told = []
    for level in bot_levels():
        games = games_played_by(level)
        told.append(f"{level} ({'every game' if len(games) == len(GAMES) else ', '.join(games)})")
    return ", ".join(told)


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A fresh computer opponent of level for game, its own choices drawn from seed."""
    return game_spec(game).make_bot(level, seed)
