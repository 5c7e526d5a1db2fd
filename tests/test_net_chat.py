"""Chat over real sockets: lines cleaned of anything that paints a terminal, the lobby's and a table's audiences,
spectators heard by spectators only, and the length and rate limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from netplay.chat import ADDRESS_BURST, BURST, RAW_LIMIT, TEXT_LIMIT, ChatRate, clean_text, heard
from netplay.client import Client
from netplay.limits import HostLimits
from netplay.lobby import SAID_KEPT
from netplay.remote import OWN_WORDS, Note, RemoteTable, with_notes
from tests.net_helpers import UNLIMITED, Message, RawPeer, eventually, running_host, seated_table

PAINT = (
    "hi \x1b[31mred\x1b[0m \x1b]0;pwned title\x07\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\ "
    "\x9b2J\x1bc\u202egnp.exe\u202c [bold red]x[/] \x07\x00\x7f\r\nend"
)


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        (PAINT, "hi red link gnp.exe [bold red]x[/] end"),
        ("\x1b[2J\x1b[H\x1b[?1049hclear", "clear"),
        ("title \x1b]2;unterminated title with no end", "title"),
        ("tab\tand\nlines\u2028too", "tab and lines too"),
        ("zero\u200bwidth\ufeff and \u2066isolates\u2069", "zerowidth and isolates"),
        ("a" + "\u0301" * 40 + "b", "a" + "\u0301" * 3 + "b"),
        ("   ", ""),
        ("x" * 500, "x" * TEXT_LIMIT),
        ("[link=http://evil]click[/link] :smile:", "[link=http://evil]click[/link] :smile:"),
        ("ça va? 日本語 👋", "ça va? 日本語 👋"),
    ],
)
def test_chat_text_is_cleaned_of_everything_that_paints_a_terminal(given: str, shown: str) -> None:
    assert clean_text(given) == shown


def test_a_client_cleans_what_a_host_says_too() -> None:
    said = heard({"type": "chat", "scope": "lobby", "name": "\x1b[5mAna", "text": "\x1b]0;x\x07hello"})
    assert said is not None and (said.name, said.text) == ("Ana", "hello")
    assert heard({"type": "chat", "scope": "everyone", "name": "Ana", "text": "hi"}) is None


def test_the_chat_rate_lets_a_burst_through_then_one_line_every_two_seconds() -> None:
    rate = ChatRate()
    assert all(rate.allow("ana", now=100.0) for _ in range(BURST))
    assert not rate.allow("ana", now=100.0)
    assert rate.allow("bo", now=100.0)  # another identity has its own allowance
    assert not rate.allow("ana", now=101.0)
    assert rate.allow("ana", now=102.1)


def chats(frames: list[Message]) -> list[Message]:
    """The chat messages among frames."""
    return [f for f in frames if isinstance(f, dict) and f.get("type") == "chat"]


async def last_heard(peer: RawPeer) -> Message:
    """The last chat line peer has been sent by now (sent before a request's reply, or to another peer)."""
    await peer.alive()
    heard_here = chats(peer.frames)
    assert heard_here, "no chat line reached the peer"
    return heard_here[-1]


async def test_lobby_chat_reaches_the_lobby_cleaned_and_not_a_table_in_play(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (_, port):
        _, players = await seated_table(port, players=2, people=1)
        ana, bo = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "Bo")
        reply = await ana.request({"type": "chat", "text": PAINT})
        assert reply["type"] == "ok", reply
        for peer in (ana, bo):
            line = await last_heard(peer)
            assert line == {"type": "chat", "scope": "lobby", "name": "Ana", "text": clean_text(PAINT)}
        assert not chats(await players[0].alive())  # a player at a started table hears no lobby


async def test_players_are_heard_by_all_at_the_table_and_spectators_by_spectators_only(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (_, port):
        table_id, (ana, bo) = await seated_table(port, players=3, people=2)
        watcher, stranger = await RawPeer.greeted(port, "Wat"), await RawPeer.greeted(port, "Stranger")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"

        assert (await bo.request({"type": "chat", "text": "good luck"}))["type"] == "ok"
        for peer in (ana, bo, watcher):
            line = await last_heard(peer)
            assert line == {
                "type": "chat",
                "scope": "table",
                "table": table_id,
                "name": "Bob",
                "seat": 1,
                "text": "good luck",
                "n": 1,  # the table's second word said, after Wat's arrival: a player who comes back hears it again
                "run": line["run"],
            }

        assert (await watcher.request({"type": "chat", "text": "Ana holds the Duke!"}))["type"] == "ok"
        line = await last_heard(watcher)
        assert (line["scope"], line["name"], line["seat"], line["text"]) == (
            "spectators",
            "Wat",
            None,
            "Ana holds the Duke!",
        )
        for peer in (ana, bo, stranger):
            assert not [c for c in chats(await peer.alive()) if c["scope"] == "spectators"]
        assert not chats(stranger.frames)  # the lobby hears no table

        refused = await watcher.request({"type": "chat", "to": "lobby", "text": "psst"})
        assert (refused["type"], refused["code"]) == ("error", "bad_request")  # not from a table in play


async def test_chat_is_limited_in_length_and_rate_per_identity(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ana = await RawPeer.greeted(port, "Ana")
        long = await ana.request({"type": "chat", "text": "y" * (TEXT_LIMIT + 50)})
        assert long["type"] == "ok"
        assert (await last_heard(ana))["text"] == "y" * TEXT_LIMIT
        for bad in ("z" * (RAW_LIMIT + 1), "\x1b[31m\x07 \u202e", 42):
            refused = await ana.request({"type": "chat", "text": bad})
            assert (refused["type"], refused["code"]) == ("error", "bad_request"), bad
        refused = await ana.request({"type": "chat", "to": "table", "text": "hello?"})
        assert refused["code"] == "bad_request"  # at no table

        again = await RawPeer.greeted(port, "Ana", profile=ana.profile)  # the same identity on a second connection
        replies = [await (ana if i % 2 else again).request({"type": "chat", "text": f"spam {i}"}) for i in range(BURST)]
        assert [r["type"] for r in replies] == ["ok"] * (BURST - 1) + ["error"]  # the long line took one
        assert replies[-1]["code"] == "slow_down"
        bo = await RawPeer.greeted(port, "Bo")
        assert (await bo.request({"type": "chat", "text": "still here"}))["type"] == "ok"


async def test_new_identities_from_one_address_share_its_chat_rate(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(unlimited=())) as (_, port):
        said = []
        for number in range(ADDRESS_BURST + 1):  # a keyless connection is a new identity each time
            stranger = await RawPeer.greeted(port, f"Spam {number}")
            said.append(await stranger.request({"type": "chat", "text": "buy gold"}))
            await stranger.close()
        assert [r["type"] for r in said] == ["ok"] * ADDRESS_BURST + ["error"]
        assert said[-1]["code"] == "slow_down"


async def test_who_comes_back_or_starts_watching_hears_what_was_said_and_noted_at_the_table(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_, port):
        table_id, (ana, bo) = await seated_table(port, players=3, people=2)
        watcher = await RawPeer.greeted(port, "Wat")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        assert (await bo.request({"type": "chat", "text": "good luck"}))["type"] == "ok"
        assert (await watcher.request({"type": "chat", "text": "Ana holds the Duke!"}))["type"] == "ok"
        await ana.close()
        away = await bo.expect(lambda m: m.get("type") == "notice" and m.get("code") == "away")

        back = await RawPeer.open(port)
        assert (await back.hello("Ana", profile=ana.profile))["type"] == "welcome"
        history = await back.update(lambda m: m.get("history") is True)
        past = [f for f in back.frames if isinstance(f, dict) and f.get("past")]
        assert [(f["type"], f.get("text") or f.get("message"), f["n"]) for f in past] == [
            ("notice", "Wat is watching.", 0),
            ("chat", "good luck", 1),
            ("notice", away["message"], away["n"]),
        ]  # in the order said, before the history they are placed in, and never the spectators' own words (n 2)
        assert back.frames.index(past[-1]) < back.frames.index(history)
        assert all(f["at"] == len(history["events"]) for f in past)  # said after every event so far
        assert "Alice" in away["message"]

        late = await RawPeer.greeted(port, "Late")
        assert (await late.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        heard_late = [f for f in await late.alive() if isinstance(f, dict) and f.get("past")]
        assert [f["n"] for f in heard_late] == [0, 1, 2, 3, 4]  # a spectator hears the spectators' words too
        assert heard_late[2]["text"] == "Ana holds the Duke!" and heard_late[4]["message"] == "Alice is back."


def test_a_client_shows_each_word_said_at_its_table_once_and_takes_past_notices_as_news_only() -> None:
    remote = RemoteTable(Client(), "t1", 0, "coup")
    line = {"type": "chat", "scope": "table", "table": "t1", "name": "Bob", "seat": 1, "text": "gg", "n": 0, "run": "a"}
    away = {"type": "notice", "code": "away", "table": "t1", "seat": 2, "message": "Cleo lost her connection."}
    away |= {"n": 1, "run": "a"}
    remote.handle({**line, "past": True})
    remote.handle({**away, "past": True, "at": 0})
    assert [said.text for said in remote.chat.lines] == ["gg"]
    assert [note.text for _, note in remote._past_notes] == ["Cleo lost her connection."]  # shown with the history
    assert remote.away == set()  # the seats are as the host's started message says: a past notice is only news

    remote.handle(line)  # heard again after a reconnect: shown once
    remote.handle({**away, "past": True, "at": 0})
    assert len(remote.chat.lines) == 1 and len(remote._past_notes) == 1
    remote.handle({**line, "text": "rematch?", "run": "b"})  # a restarted host numbers afresh: news
    assert [said.text for said in remote.chat.lines] == ["gg", "rematch?"]


def test_past_notices_go_before_the_events_they_were_said_ahead_of() -> None:
    notes = [(1, Note("a")), (None, Note("lost")), (3, Note("b")), (3, Note("c")), (9, Note("d"))]
    assert with_notes(["e2", "e3", "e4"], 2, notes) == [
        Note("a"),  # said before the first event not shown yet: first
        "e2",
        Note("b"),
        Note("c"),
        "e3",
        "e4",
        Note("d"),  # said after them all
        Note("lost"),  # no place known (said before the host restarted): last
    ]


async def test_who_comes_back_sees_a_notice_where_it_happened_among_the_turns(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_, port):
        table_id, (alice, bob) = await seated_table(port, players=3, people=2, options={"first_player": 1})
        await alice.close()  # Alice goes; then Bob plays his turn while she is away
        await bob.expect(lambda m: m.get("type") == "notice" and m.get("code") == "away")
        version = max(f["version"] for f in bob.frames if f.get("type") == "update")
        bob.send({"type": "move", "version": version, "move": {"kind": "income"}})
        await bob.update(lambda m: m["version"] > version)

        back = await RawPeer.open(port)
        assert (await back.hello("Alice", profile=alice.profile))["type"] == "welcome"
        await back.update(lambda m: m.get("history") is True)
        remote = RemoteTable(Client(), table_id, 0, "coup")
        for frame in back.frames:
            remote.handle(frame)
        kinds = [getattr(item, "kind", "note") for item in remote.events]
        assert kinds.count("note") == 1 and kinds.index("note") < kinds.index("gain")  # before Bob's income
        assert kinds.index("note") > kinds.index("turn")  # after the first turn began
        (note,) = [item for item in remote.events if isinstance(item, Note)]
        assert note.text == OWN_WORDS["away"] and note.text.startswith("You were away")  # her own, in her words
        watcher = RemoteTable(Client(), table_id, None, "coup")
        watcher.handle({"type": "notice", "code": "away", "table": table_id, "seat": 0, "message": "Alice lost…"})
        assert [item.text for item in watcher.events] == ["Alice lost…"]  # anyone else: the host's words


async def test_who_comes_back_sees_a_chat_line_where_it_was_said_not_after_their_return(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_, port):
        table_id, (alice, bob) = await seated_table(port, players=3, people=2, options={"first_player": 1})
        assert (await bob.request({"type": "chat", "text": "hi Ann"}))["type"] == "ok"
        await alice.close()
        await bob.expect(lambda m: m.get("type") == "notice" and m.get("code") == "away")
        version = max(f["version"] for f in bob.frames if f.get("type") == "update")
        bob.send({"type": "move", "version": version, "move": {"kind": "income"}})
        await bob.update(lambda m: m["version"] > version)

        back = await RawPeer.open(port)  # a new client: it has heard nothing yet
        assert (await back.hello("Alice", profile=alice.profile))["type"] == "welcome"
        await back.update(lambda m: m.get("history") is True)
        remote = RemoteTable(Client(), table_id, 0, "coup")
        for frame in back.frames:
            remote.handle(frame)
        lines = [item for item in remote.events if isinstance(item, Note)]
        assert [(note.kind, note.said and note.said.text) for note in lines] == [("chat", "hi Ann"), ("note", None)]
        kinds = [item.kind for item in remote.events]
        assert kinds.index("chat") < kinds.index("note") < kinds.index("gain")  # said before she left and Bob's income
        assert not remote.chat.lines  # not written again below "You were away"


async def test_a_restarted_host_gives_back_what_was_said_at_a_table_numbered_on(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        table_id, (ana, bo) = await seated_table(port, players=3, people=2, start=False)
        assert (await bo.request({"type": "chat", "text": "ready?"}))["type"] == "ok"  # said before the start
        assert (await ana.request({"type": "start", "table": table_id}))["type"] != "error"
        assert (await bo.request({"type": "chat", "text": "good luck"}))["type"] == "ok"
        run = host.tables[table_id].said_run
        said_file = tmp_path / "tables" / f"{table_id}.said"
        assert said_file.stat().st_mode & 0o777 == 0o600
    async with running_host(tmp_path, grace=30, port=port, **UNLIMITED) as (host, _):
        back = await RawPeer.open(port)
        assert (await back.hello("Ana", profile=ana.profile))["type"] == "welcome"
        await back.update(lambda m: m.get("history") is True)
        past = [f for f in back.frames if isinstance(f, dict) and f.get("past")]
        assert [(f.get("text"), f["n"], f["run"]) for f in past] == [("ready?", 0, run), ("good luck", 1, run)]
        assert all(f["at"] is None for f in past)  # where they fell among the events is not kept across a restart
        assert (await back.request({"type": "chat", "text": "still here"}))["type"] == "ok"
        said = [(s.get("text") or s.get("message"), s["n"], s["run"]) for s in host.tables[table_id].said]
        assert said[2:] == [("Alice is back.", 2, run), ("still here", 3, run)]  # numbered on, in the same run


async def test_the_journal_of_what_was_said_stays_short_and_a_damaged_one_gives_back_its_good_lines(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        table_id, (_ana,) = await seated_table(port, players=2, people=1)  # seated, so the game plays on
        lobby = host.tables[table_id]
        for number in range(3 * SAID_KEPT):
            lobby.keep_said({"type": "chat", "scope": "table", "name": "Ana", "text": f"line {number}"})
        said_file = tmp_path / "tables" / f"{table_id}.said"
        assert len(said_file.read_text().splitlines()) <= 2 * SAID_KEPT
        kept = json.loads(said_file.read_text().splitlines()[-1])
        damaged = [
            "not json",
            "[1, 2]",
            {**kept, "n": "x"},
            {**kept, "n": 2**70},  # past what msgpack carries: it broke every spectate and chat after it
            {**kept, "seat": 7},
            {**kept, "type": "notice", "code": "rolled_back", "message": "lies", "table": "t999"},
            {**kept, "text": {"a": 1}},
            {**kept, "n": 1, "text": "x" * 60_000, "evil": "field", "name": "\x1b[2JAna"},
            kept,
        ]
        said_file.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in damaged))
    async with running_host(tmp_path, grace=30, port=port, **UNLIMITED) as (host, _):
        said = list(host.tables[table_id].said)
        assert (
            [(s["n"], s["text"][:10], len(s["text"]), s["name"]) for s in said]
            == [
                (1, "x" * 10, TEXT_LIMIT, "Ana"),  # rebuilt: the text cut, the escape and the foreign field gone
                (3 * SAID_KEPT - 1, f"line {3 * SAID_KEPT - 1}"[:10], len(kept["text"]), "Ana"),
            ]
        )
        assert "evil" not in said[0] and host.tables[table_id].said_count == 3 * SAID_KEPT
        watcher = await RawPeer.greeted(port, "Wat")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        assert (await watcher.request({"type": "chat", "text": "hello"}))["type"] == "ok"


async def test_two_identities_of_one_name_are_told_apart_in_the_lobby_chat_and_in_watching_notices(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path) as (host, port):
        ann, eve, bob = [await RawPeer.greeted(port, name) for name in ("Ann", "Аnn", "Bob")]  # Eve's А is Cyrillic
        ann_again = await RawPeer.greeted(port, "Ann", profile=ann.profile)
        assert ann_again.frames[-1]["name"] == "Ann"  # the same identity again: the same name
        assert eve.frames[-1]["name"] == "Аnn 2"  # her welcome says what the others call her
        for peer in (ann, eve):
            assert (await peer.request({"type": "chat", "to": "lobby", "text": "take my seat"}))["type"] == "ok"
        heard = [await bob.expect(lambda m: m.get("type") == "chat") for _ in range(2)]
        assert [line["name"] for line in heard] == ["Ann", "Аnn 2"]
        table_id = (await bob.request({"type": "create", "players": 2}))["table"]["id"]
        await bob.request({"type": "join", "table": table_id})
        await ann.request({"type": "join", "table": table_id})
        await bob.request({"type": "start", "table": table_id})
        await eve.request({"type": "spectate", "table": table_id})
        told = await bob.expect(lambda m: m.get("type") == "notice" and m.get("code") == "watching")
        assert told["message"] == "Аnn 2 is watching."
        await ann.close()
        await ann_again.close()
        await eventually(lambda: not any(conn.name == "Ann" for conn in host.connections))
        assert (await RawPeer.greeted(port, "Ann")).frames[-1]["name"] == "Ann"  # free again: unique at any moment
