"""Annotated replays: every decision beside the expert's, and the bluffs told truly once the game is over."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from core.cards.annotate import HINT_LEGEND, VARIANT_NOTE, Note, annotate, note_line
from core.cards.engine import COUP
from core.cards.g54.config import G54Config
from core.cards.g54.engine import G54
from core.cards.moves import Move
from core.cards.rule_bot import RuleBot
from core.cards.state import CoupConfig
from core.records import replay_states
from core.registry import make_bot
from core.sim import play_game
from tests.test_tui_net import wait_for
from tui.cli import main
from tui.replay_app import ReplayApp


def coup_record():
    config = CoupConfig(players=2, names=("Ana", "Bo"))
    bots = [RuleBot(1, bluff=0.5), RuleBot(2, bluff=0.5)]  # bluffing often, so the game has bluffs to tell
    return play_game(COUP, config, 8, bots).record


def test_every_decision_is_noted_and_every_claim_told_truly():
    record = coup_record()
    notes = [note for note, _ in annotate(record, nodes=150)]
    assert len(notes) == len(record.moves)
    states = [state for state, _, _ in replay_states(record)]
    claims = bluffs = 0
    for note, state, (seat, _) in zip(notes, states, record.moves, strict=False):
        assert note.seat == seat and note.turn == state.turn
        if note.claim is not None:
            claims += 1
            bluffs += note.bluff
            denied = note.played.kind == "embezzle"
            assert note.bluff == ((note.claim in state.hands[seat]) == denied)
        if note.chance is not None:
            assert note.expert_chance is not None and note.expert_chance >= note.chance
    assert claims >= 3 and bluffs >= 1


def test_an_embezzlement_is_told_as_a_denial_of_the_duke():
    move = Move("embezzle")
    denial = Note(3, 0, move, move, None, None, "Duke", False, denies=True)
    bluff = Note(3, 0, move, move, None, None, "Duke", True, denies=True)
    line = note_line(denial, None, ("Ana", "Bo"), lambda m, view: "Embezzle")
    assert line == "Turn 3 · Ana: Embezzle, truly without the Duke"
    assert note_line(bluff, None, ("Ana", "Bo"), lambda m, view: "Embezzle").endswith("a bluff: holding the Duke")


def test_g54_decisions_are_noted():
    config = G54Config(players=3, selection="random")
    record = play_game(G54, config, 4, [make_bot("g54", "rule", s) for s in range(3)]).record
    notes = [note for note, _ in annotate(record, nodes=100)]
    assert len(notes) == len(record.moves) and any(n.claim for n in notes)


def test_the_command_prints_a_line_a_decision(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = coup_record()
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    assert main(["replay", "--annotate", "--nodes", "200", str(path)]) == 0
    legend, *lines = capsys.readouterr().out.splitlines()
    assert legend == HINT_LEGEND  # said once, at the head: a hint's line says only how many games it played out
    assert len(lines) == len(record.moves) and all(line.startswith("Turn ") for line in lines)
    assert not any("not odds" in line for line in lines)
    assert any("a bluff of the" in line for line in lines) and any("expert" in line for line in lines)
    assert any("Ana" in line for line in lines) and any("Bo" in line for line in lines)
    judged = [line for line in lines if "chances" in line]
    assert judged and all("the expert agrees" in line or "with the expert's move (+" in line for line in judged)


def test_the_two_player_variant_says_why_the_expert_notes_no_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = CoupConfig(players=2, names=("Ana", "Bo"), two_player_variant=True)
    record = play_game(COUP, config, 7, [RuleBot(1), RuleBot(2)]).record
    path = tmp_path / "variant.json"
    path.write_text(record.to_json())
    assert main(["replay", "--annotate", "--nodes", "100", str(path)]) == 0
    legend, *lines = capsys.readouterr().out.splitlines()
    assert legend == f"{HINT_LEGEND} {VARIANT_NOTE}" and len(lines) == len(record.moves)
    assert not any("expert" in line for line in lines)  # (a header over lines without the expert's, and no word why)


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    """`coup replay --annotate FILE | head -2`: no 'Broken pipe' once head has its line."""
    path = tmp_path / "game.json"
    path.write_text(coup_record().to_json())
    coup = "import sys; from tui.cli import main; sys.exit(main())"  # the console script
    command = [sys.executable, "-c", coup, "replay", "--annotate", "--nodes", "50", str(path)]
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).parents[1])
    assert reader.stdout is not None and reader.stderr is not None
    assert reader.stdout.readline().decode().strip() == HINT_LEGEND
    assert reader.stdout.readline().startswith(b"Turn ")
    reader.stdout.close()  # as head -2 does once it has its lines
    errors = reader.stderr.read().decode()
    assert reader.wait(timeout=120) in (0, 141) and errors == ""


def test_a_game_the_expert_does_not_play_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "war.json"
    path.write_text('{"game": "wargame", "config": {}, "seed": 1, "moves": []}')
    assert main(["replay", "--annotate", str(path)]) == 2
    assert "plays only Coup" in capsys.readouterr().err


async def test_the_replay_screen_shows_the_experts_note_on_the_next_move():
    record = coup_record()
    app = ReplayApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        note = screen.query_one("#annotation", Static)
        await pilot.press("right")
        assert str(note.render()) == ""
        await pilot.press("a")
        await wait_for(pilot, lambda: str(note.render()).startswith("Next: Turn "), 60)
        names = ("Ana", "Bo")
        assert names[record.moves[1][0]] in str(note.render())
        await pilot.press("right")
        await wait_for(pilot, lambda: str(note.render()).startswith("Next: Turn "), 60)
        await pilot.press("end")
        assert str(note.render()) == ""
        await pilot.press("home", "a")
        assert str(note.render()) == ""
