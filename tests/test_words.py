"""The words of the card games: plurals, articles, lists 'A, B and C', names as typed, one phrase per situation."""

from __future__ import annotations

import pytest

from core.cards.engine import COUP
from core.cards.events import Event
from core.cards.g54.text import describe as g54_describe
from core.cards.moves import Move
from core.cards.phrases import Speaker, and_list, article, cards_text, coins_text, coins_verb, game_won, prove_it
from core.cards.state import CoupConfig
from core.cards.text import describe, situation
from core.cards.text import waiting_for as coup_waiting_for
from tests.tui_helpers import TEN, frozen_reformation
from tui.faces.coup import CoupFace
from tui.faces.decisions import AskTarget


def test_lists_plurals_and_articles():
    assert [and_list(names) for names in ([], ["Ana"], ["Ana", "Bo"], ["Ana", "Bo", "Cy"])] == [
        "",
        "Ana",
        "Ana and Bo",
        "Ana, Bo and Cy",
    ]
    assert cards_text(["Duke", "Captain", "Contessa"]) == "Duke, Captain and Contessa"
    assert (coins_text(1), coins_text(0), coins_text(3)) == ("1 coin", "0 coins", "3 coins")
    assert (coins_verb(1, "goes", "go"), coins_verb(2, "goes", "go")) == ("1 coin goes", "2 coins go")
    assert (article("Inquisitor"), article("Ambassador"), article("Duke")) == (
        "an Inquisitor",
        "an Ambassador",
        "a Duke",
    )


def test_waiting_for_many_is_a_list_not_a_chain_of_ands():
    table = frozen_reformation(5, [], players=6)  # seat 0 chooses the allegiance: nobody else owes
    view = table.view_as(1)
    assert coup_waiting_for(view) == "Waiting for Player."
    table.apply_move(0, Move("allegiance", card="Loyalist"))
    table.apply_move(0, Move("tax"))  # everyone may challenge
    said = coup_waiting_for(table.view_as(None))
    assert said == f"Waiting for {', '.join(TEN[1:5])} and {TEN[5]}."
    assert coup_waiting_for(table.view_as(1)) == ""  # who may still answer is never told it waits for others


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (Event("eliminated", 1, amount=1), "mcNeil is out of the game; 1 coin goes back to the treasury."),
        (Event("refund", 1, amount=3), "mcNeil gets the 3 coins back."),
        (Event("challenge", 0, 1, "Inquisitor", what="denial"), "You challenge: mcNeil must hold an Inquisitor!"),
        (Event("turn", 1, amount=4), "── Turn 4: mcNeil's turn ──"),
    ],
)
def test_coup_sentences(event: Event, sentence: str):
    assert describe(event, ("Ana", "mcNeil"), 0) == sentence


@pytest.mark.parametrize(
    ("event", "viewer", "sentence"),
    [
        (Event("disappear", 1), 0, "mcNeil's Disappear token fires."),  # the name as typed, not 'Mcneil'
        (Event("disappear", 0), 0, "Your Disappear token fires."),
        (
            Event("eliminated", 1, amount=10),
            0,
            "mcNeil is out of the game; mcNeil's 10 coins wait for the end of the turn (a Lawyer may claim them).",
        ),
        (
            Event("eliminated", 0, amount=1),
            0,
            "You are out of the game; your 1 coin waits for the end of the turn (a Lawyer may claim it).",
        ),
        (
            Event("eliminated", 0, amount=1, what="treasury"),
            0,
            "You are out of the game; your 1 coin goes to the treasury.",
        ),
        (Event("estate", 1, amount=1), 0, "mcNeil's 1 coin goes to the treasury."),
        (
            Event("react", 1, card="Missionary", what="general"),
            0,
            "mcNeil claims the Missionary for the card lost to the General: it is set aside face down, unseen.",
        ),
        (
            Event("react", 0, card="Intellectual", what="challenge"),
            0,
            "You claim the Intellectual for the card lost in a challenge: it is set aside face down, unseen.",
        ),
    ],
)
def test_g54_sentences(event: Event, viewer: int, sentence: str):
    assert g54_describe(event, ("Ana", "mcNeil"), viewer) == sentence


@pytest.mark.parametrize(
    ("viewer", "sentence"),
    [
        (1, "Ana challenges your Duke: show it or concede."),  # told what to do
        (0, "You challenge mcNeil's Duke: mcNeil shows it or concedes."),  # the challenger waits
        (2, "Ana challenges mcNeil's Duke: mcNeil shows it or concedes."),
        (None, "Ana challenges mcNeil's Duke: mcNeil shows it or concedes."),
    ],
)
def test_a_challenge_tells_the_challenged_player_what_to_do_and_the_others_what_they_wait_for(viewer, sentence):
    assert prove_it(Speaker(("Ana", "mcNeil", "Cy"), viewer), 0, 1, "Duke") == sentence


def test_the_game_over_line_is_not_the_logs_win_line():
    say = Speaker(("Ana", "mcNeil"), 0)
    assert (game_won(say, 1), game_won(say, 0)) == ("Game over: mcNeil wins.", "Game over: you win.")
    assert describe(Event("win", 1), ("Ana", "mcNeil"), 0) == "mcNeil wins the game!"


@pytest.mark.parametrize(
    ("action", "answer"),
    [("tax", "may challenge."), ("foreign_aid", "may block with the Duke.")],
    ids=["claim", "block"],
)
def test_with_one_seat_left_to_answer_the_situation_names_it(action: str, answer: str) -> None:
    state = COUP.new(CoupConfig(players=2, names=("Ana", "Bo"), first_player=0), 1)
    state, _ = COUP.apply(state, 0, Move(action))
    assert situation(COUP.view(state, 0)).endswith(f"Bo {answer}")
    assert situation(COUP.view(state, 1)).endswith(f"You {answer}")
    four = COUP.new(CoupConfig(players=4, first_player=0), 1)
    four, _ = COUP.apply(four, 0, Move(action))
    assert situation(COUP.view(four, 1)).endswith(f"Anyone {answer}")


def test_the_conversion_dialog_says_what_each_conversion_costs():
    table = frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))], players=4)
    view = table.view_as(0)
    convert = next(choice for choice in CoupFace().choices(view) if choice.moves[0].kind == "convert")
    asked = CoupFace().pick(convert, view)
    assert isinstance(asked, AskTarget)
    assert asked.title == "Convert: choose whom (2 coins, yourself 1)"
    assert asked.targets[0].label == "yourself (1 coin)"
