"""A finished card game's record, annotated decision by decision: what the expert would have played from the
decider's own view, how the decider's chances (as the expert's search put them) compare between the move played and
the expert's, and which claims were bluffs (the game is over: every hand may be told)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from core.cards.beliefs import claim_at_stake
from core.cards.expert import SEARCHES, ExpertBot
from core.cards.moves import Move
from core.records import Record, replay_states
from core.registry import game_spec


@dataclass(frozen=True)
class Note:
    """One decision: who played what in which turn; the expert's move; the decider's chances of winning after the
    move played and after the expert's, as play-outs estimate them (None where the expert does not search, or played
    out too few deals for odds: hinted then says how many it did); and the claim the move made (card), with whether
    it was a bluff (the decider did not hold it, or held a card it denied: denies, as an Embezzlement does)."""

    turn: int
    seat: int
    played: Move
    expert: Move
    chance: float | None
    expert_chance: float | None
    claim: str | None
    bluff: bool
    hinted: int = 0
    denies: bool = False


def annotate(record: Record, nodes: int | None = None) -> Iterator[tuple[Note, Any]]:
    """Each decision of record's game (a card game the expert plays: ValueError otherwise), with the decider's view
    before it; the expert searches with nodes, the game's own budget unless given."""
    if record.game not in SEARCHES:
        played = ", ".join(game_spec(name).title for name in SEARCHES)
        raise ValueError(f"the expert, who notes a replay, plays only {played}: not {record.game}")
    return _notes(record, nodes)


def _notes(record: Record, nodes: int | None) -> Iterator[tuple[Note, Any]]:
    states = replay_states(record)
    before, _, game = next(states)
    for after, _, _ in states:
        yield note(record, game, before, after, nodes)
        before = after


def note(record: Record, game: Any, before: Any, after: Any, nodes: int | None = None) -> tuple[Note, Any]:
    """The note on record's move from state before to after (the expert seeded by the record's seed and the move's
    place in it), with the decider's view before it."""
    seat, data = record.moves[before.version]
    view = game.view(before, seat)
    played = game.load_move(data)
    found = ExpertBot(record.seed + before.version, nodes, SEARCHES[record.game]).assess(view)
    told = found.odds_told()
    chance = found.wins[played] / found.deals if told else None
    expert_chance = found.wins[found.move] / found.deals if told else None
    hinted = found.deals if found.wins and not told else 0
    claim, bluff, denies = _claim(game, before, after, seat)
    return Note(before.turn, seat, played, found.move, chance, expert_chance, claim, bluff, hinted, denies), view


def _claim(game: Any, before: Any, after: Any, seat: int) -> tuple[str | None, bool, bool]:
    """The card seat's move claimed (or denied) in the window it opened, whether that was a bluff, and whether the
    move denied the card."""
    stake = claim_at_stake(game.view(after, None))
    if stake is None or stake[0] != seat:
        return None, False, False
    _, card, denies = stake
    held = card in before.hands[seat]
    return card, held if denies else not held, denies


HINT_LEGEND = (
    "Chances are the decider's, as the expert's play-outs from their own view put them; "
    "'a hint' marks a pick from too few play-outs to give odds."
)
VARIANT_NOTE = "The expert does not play the two-player variant's chosen cards: here the notes say only who bluffed."


def legend(record: Record) -> str:
    """What the notes on record's game mean, said once above them."""
    return HINT_LEGEND + (f" {VARIANT_NOTE}" if record.config.get("two_player_variant") else "")


def note_line(
    note: Note, view: Any, names: tuple[str, ...], label: Callable[[Move, Any], str], brief: bool = False
) -> str:
    """The note in one line: 'Turn 6 · B: Block (Contessa), a bluff · expert: Pass · chances 25% → 50%'; brief marks
    a hint in a few words (for a list of notes headed by HINT_LEGEND)."""

    def said(move: Move) -> str:
        words = label(move, view)
        cards = [card for card in (move.card, *move.cards) if card is not None and card not in words]
        words += f" {' and '.join(cards)}" if cards else ""
        return words + (f" ({names[move.target]})" if move.target is not None and move.target != note.seat else "")

    line = f"Turn {note.turn} · {names[note.seat]}: {said(note.played)}"
    if note.claim is not None and note.denies:  # (an Embezzlement says its player holds no Duke)
        line += f", a bluff: holding the {note.claim}" if note.bluff else f", truly without the {note.claim}"
    elif note.claim is not None:
        line += f", a bluff of the {note.claim}" if note.bluff else f", holding the {note.claim}"
    if note.hinted:
        games = f"{note.hinted} game{'s' if note.hinted != 1 else ''}"
        pick = "the expert agrees" if note.expert == note.played else f"expert: {said(note.expert)}"
        hint = f"a hint: {games} played out" if brief else f"a hint from only {games} played out, not odds"
        return f"{line} · {pick} ({hint})"
    if note.chance is None or note.expert_chance is None:
        return line
    if note.expert == note.played:
        return f"{line} · the expert agrees · chances {note.chance:.0%}"
    change = round((note.expert_chance - note.chance) * 100)
    return (
        f"{line} · expert: {said(note.expert)} · chances {note.chance:.0%}, "
        f"{note.expert_chance:.0%} with the expert's move ({change:+d} points)"
    )
