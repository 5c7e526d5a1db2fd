"""The command line: headless self-play, replay of saved records, and records of finished games."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets._footer import FooterKey

from core.cards.engine import COUP
from core.cards.g54.config import G54Config
from core.cards.g54.roles import ROLES
from core.cards.state import CoupConfig
from core.records import Record, replay
from core.registry import get_game, make_bot
from core.sim import play_game
from core.wargame.config import WargameConfig
from netplay.table import LocalTable, Table
from tui.cli import build_parser, main
from tui.replay_app import ReplayApp
from tui.screens.rules import RulesScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.settings import saved_where
from tui.widgets.hexmap import HexMapView


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_sim_prints_the_summary_as_json(capsys):
    summary = run_json(
        capsys,
        "sim",
        "--game",
        "coup",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "5",
        "--bots",
        "rule,random,random",
        "--json",
    )
    for key in ("games", "decisions", "seconds", "wins", "mean_turns"):
        assert key in summary
    assert summary["games"] == 20 and sum(summary["wins"].values()) == 20
    assert set(summary["wins"]) == {"rule", "random"}


def test_sim_is_deterministic_for_a_seed(capsys):
    args = ("sim", "--players", "4", "--games", "15", "--seed", "9", "--bots", "rule,random,rule,random", "--json")
    first, second = run_json(capsys, *args), run_json(capsys, *args)
    assert first["wins"] == second["wins"] and first["mean_turns"] == second["mean_turns"]
    assert first["decisions"] == second["decisions"]
    other = run_json(
        capsys, "sim", "--players", "4", "--games", "15", "--seed", "10", "--bots", "rule,random,rule,random", "--json"
    )
    assert (other["decisions"], other["mean_turns"]) != (first["decisions"], first["mean_turns"])


def test_sim_rejects_bad_arguments_with_a_message(capsys):
    assert main(["sim", "--players", "3", "--bots", "rule,rule"]) == 2
    assert "3 players" in capsys.readouterr().err
    assert main(["sim", "--players", "9"]) == 2
    assert main(["sim", "--bots", "genius,rule,rule,rule"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def saved_record(tmp_path: Path) -> tuple[Path, Record]:
    config = CoupConfig(players=3, names=("A", "B", "C"))
    outcome = play_game(COUP, config, 21, [make_bot("coup", "rule", s) for s in range(3)])
    path = tmp_path / "game.json"
    path.write_text(outcome.record.to_json())
    return path, outcome.record


def test_replay_json_prints_the_final_state(tmp_path, capsys):
    path, record = saved_record(tmp_path)
    final = run_json(capsys, "replay", str(path), "--json")
    expected = replay(record)
    assert final["winner"] == expected.winner
    assert [p["coins"] for p in final["players"]] == [p.coins for p in expected.players]
    assert final["config"]["names"] == ["A", "B", "C"]
    kept = {"seat", "name", "coins", "influence", "revealed", "claims", "allegiance"}  # no memos
    assert all(set(p) == kept for p in final["players"]) and final["hands"] == [list(h) for h in expected.hands]


def test_replay_of_a_broken_file_is_a_message(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["replay", str(broken), "--json"]) == 2
    assert "not a game record" in capsys.readouterr().err
    journal = tmp_path / "t1.jsonl"  # a host's journal of a table: JSON lines
    journal.write_text('{"id": "t1", "game": "wargame"}\n{"move": 1}\n')
    assert main(["replay", str(journal)]) == 2
    assert "this file holds several" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err == f"coup: No such file or directory: {tmp_path / 'missing.json'}\n"  # no errno


async def test_replay_screen_steps_through_the_moves(tmp_path):
    _, record = saved_record(tmp_path)
    app = ReplayApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.position == 0
        first_lines = [line.text for line in screen.query_one("#log").lines]
        assert len(first_lines) == 1 and first_lines[0].startswith("── Turn 1: ")  # announced like every later turn
        await pilot.press("right", "right", "n")
        assert screen.position == 3
        await pilot.press("left")
        assert screen.position == 2
        await pilot.press("end")
        assert screen.position == len(record.moves)
        state, _, _ = screen.frames[screen.position]
        assert state.winner is not None
        turns = [state.turn for state, _, _ in screen.frames]
        await pilot.press("home", "down", "down")  # a turn at a time: a big table's passes are a step each
        assert screen.position == turns.index(3) and turns[screen.position - 1] == 2
        await pilot.press("right", "up")  # back to this turn's start, then to the last one's
        assert screen.position == turns.index(3)
        await pilot.press("up")
        assert screen.position == turns.index(2)
        assert "Turn" in {key.description for key in screen.query(FooterKey)}


async def test_a_replay_tells_what_only_one_seat_saw_every_hand_being_open():
    config = CoupConfig(players=2, names=("Ana", "Bo"), two_player_variant=True)
    record = played_record("coup", config, 3)
    first, second = (move["card"] for _, move in record.moves[:2])  # each keeps one card of the set of five
    async with ReplayApp(record).run_test(size=(120, 40)) as pilot:
        await pilot.press("right", "right")
        lines = [line.text for line in pilot.app.screen.query_one("#log").lines]
    assert {f"Ana keeps {first}.", f"Bo keeps {second}."} <= set(lines)
    assert any(line.startswith("Ana is dealt ") for line in lines)


def played_record(game: str, config: object, seed: int) -> Record:
    """The record of a rule-bot game of game."""
    bots = [make_bot(game, "rule", s) for s in range(config.players)]  # type: ignore[attr-defined]
    return play_game(get_game(game), config, seed, bots).record


async def test_a_g54_record_replays_in_g54_words_with_every_hand(tmp_path, capsys):
    record = played_record("g54", G54Config(players=3, names=("A", "B", "C"), selection="advanced"), 5)
    path = tmp_path / "g54.json"
    path.write_text(record.to_json())
    assert run_json(capsys, "replay", str(path), "--json")["winner"] == replay(record).winner
    async with ReplayApp(record).run_test(size=(100, 30)) as pilot:
        screen = pilot.app.screen
        await pilot.press("end")
        log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        state = replay(record)
        assert f"{state.players[state.winner].name} wins" in log
        assert all(role in state.roles for role in ROLES if role in log)
        assert "Replay · Rebellion G54 ·" in str(screen.query_one("#status-bar").render())
        hands = str(screen.query_one("#replay-hands").render())
        losers = [p for p in state.players if not p.alive]
        assert losers and hands.count(" out ") == len(losers) and "✗" in hands  # as the table marks them
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RulesScreen) and all(role in pilot.app.screen.text for role in state.roles)


async def test_a_wargame_record_replays_on_the_map(tmp_path, capsys):
    record = played_record("wargame", WargameConfig(turn_limit=2), 3)
    path = tmp_path / "wargame.json"
    path.write_text(record.to_json())
    final = run_json(capsys, "replay", str(path), "--json")
    assert final["winner"] == replay(record).winner and isinstance(final["moved"], list)
    async with ReplayApp(record).run_test(size=(120, 40)) as pilot:
        screen = pilot.app.screen
        await pilot.press("right", "right")
        assert screen.position == 2
        await pilot.press("end")
        status = str(screen.query_one("#wg-status").render())
        assert "Game over" in status and screen.query_one(HexMapView).board.stacks
        await pilot.press("pageup", "left")  # the log scrolls, and the arrows still step
        assert screen.position == len(record.moves) - 1
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, WargameHelpScreen)


async def test_a_finished_local_game_saves_its_record(tmp_path, monkeypatch):
    monkeypatch.setenv("COUP_DATA_DIR", str(tmp_path))
    config = CoupConfig(players=3, names=("You", "B", "C"))
    table = LocalTable(Table("coup", config, 4, bots={0: "rule", 1: "rule", 2: "rule"}, bot_delay=0))
    table.start()
    await table.settled()
    assert table.record_path is not None and table.record_path.parent == tmp_path / "records"
    saved = Record.from_json(table.record_path.read_text())
    assert replay(saved).winner == table.state.winner


def test_the_saved_records_folder_and_name_are_on_lines_of_their_own_the_home_folder_written_as_a_tilde(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = tmp_path / ".local" / "share" / "coup" / "records" / "coup-20261124-090218-seed11.json"
    assert saved_where(SimpleNamespace(record_path=path)).splitlines() == [
        f"Record saved in ~{os.sep}.local{os.sep}share{os.sep}coup{os.sep}records{os.sep}",
        "coup-20261124-090218-seed11.json",
    ]
    elsewhere = Path("/srv/coup-data/records/coup-1.json")
    assert saved_where(SimpleNamespace(record_path=elsewhere)) == "Record saved in /srv/coup-data/records/\ncoup-1.json"
    assert saved_where(SimpleNamespace(record_path=None, remote=True)) == "The host keeps this game's record."


def test_the_console_script_runs():
    done = subprocess.run(
        [sys.executable, "-m", "tui", "sim", "--games", "2", "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2


@pytest.mark.parametrize("roles", ["pick", "banker,,director,guerrilla,politician,priest"])
def test_sim_refuses_g54_roles_that_name_no_set_and_says_what_it_takes(capsys, roles: str) -> None:
    assert main(["sim", "--game", "g54", "--games", "1", "--roles", roles]) == 2
    error = capsys.readouterr().err
    assert "first, random, advanced or five role names" in error and "Traceback" not in error


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_replay_of_a_record_with_an_illegal_move_is_one_line_that_shows_no_hand(tmp_path, json_flag):
    config = CoupConfig(players=3, names=("A", "B", "C"), first_player=0)
    record = Record("coup", config.to_dict(), 4, [(0, {"kind": "tax"}), (0, {"kind": "income"})])
    path = tmp_path / "illegal.json"
    path.write_text(record.to_json())
    done = subprocess.run(
        [sys.executable, "-m", "tui", "replay", str(path), *json_flag], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    said = done.stdout + done.stderr
    assert len(said.strip().splitlines()) == 1 and "move 2" in said and "Traceback" not in said
    dealt = {card for hand in COUP.new(config, 4).hands for card in hand}
    assert not any(card in said for card in dealt)


def test_every_option_of_every_command_says_what_values_it_takes():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(commands.choices) == {"sim", "replay", "host", "join", "bot"}
    for name, command in commands.choices.items():
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            where = f"coup {name} {action.option_strings or action.dest}"
            assert action.help, f"{where} has no help"
            takes_a_value = action.nargs != 0 and not isinstance(action, argparse.BooleanOptionalAction)
            if takes_a_value:
                assert action.choices or action.metavar, f"{where} does not say what values it takes"


def test_sim_refuses_a_table_size_the_game_does_not_have_and_counts_one_game_as_one(capsys) -> None:
    assert main(["sim", "--game", "wargame", "--players", "3", "--games", "1"]) == 2
    assert "is for 2 players, not 3" in capsys.readouterr().err
    assert main(["sim", "--game", "coup", "--games", "1", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("1 game, ")


async def test_a_wargame_replays_log_wraps_at_80_columns_instead_of_cutting_lines():
    record = played_record("wargame", WargameConfig(turn_limit=2), 3)
    async with ReplayApp(record).run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        log = pilot.app.screen.query_one("#log")
        width = log.scrollable_content_region.width
        assert log.lines and all(line.cell_length <= width for line in log.lines)


def test_help_names_the_four_games_and_says_plain_coup_plays(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "Coup: Reformation, Coup: Rebellion G54 and the 1992 wargame" in said and "Run `coup` alone to play" in said
