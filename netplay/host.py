"""The host: one asyncio server that owns every table's authoritative game and serves the lobby.

Each connection says hello, then lists, creates, joins, spectates, fills, starts and plays; it is
sent only its seat's view and the events that seat may see. Bad input gets an error reply and a
log line and changes nothing; floods and stalled readers are disconnected."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
import traceback
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from core.game import IllegalMove
from core.registry import GAMES, game_spec, games_played_by, get_game
from netplay.chat import ADDRESS_BURST, ADDRESS_PER_SECOND, ChatRate, chat_request, hearers, kept_line
from netplay.codec import to_plain
from netplay.connection import MAX_BUFFER, Connection
from netplay.handover import IDLE_SEAT, Handovers, notice, timed_out
from netplay.identity import (
    IDENTITY_LIMIT,
    PROFILE_MIN,
    HostPolicy,
    Throttle,
    code_identity,
    codes_in,
    is_code_identity,
    profile_identity,
    shown_identity,
)
from netplay.journal import Journal
from netplay.leaderboard import answer, count_forfeits, count_if_over
from netplay.limits import Doors, HostLimits, Openings, creator_key, idle, start_refusal
from netplay.listing import Coalescer, list_request, listing, listing_gap, pinned, ranked, spread
from netplay.lobby import REMATCH_MODES, SAID_KEPT, LobbyTable, Seat, program_level
from netplay.names import NamesInUse
from netplay.private import Codes, from_header, new_code, privacy, reachable, revealed
from netplay.refused import Refused
from netplay.rematch import REMATCH_WAIT, Rematches
from netplay.restore import Rollback, replay, resume_all
from netplay.stats import HostStats, bot_name, passes_for_a_bot
from netplay.table import StaleMove, Table
from netplay.tally import LOG_LIMIT, Tally, shown
from netplay.wire import MAX_FRAME, PROTOCOL_VERSION, FrameTooLarge, MalformedFrame, WireError, encode, read_frame

log = logging.getLogger(__name__)
NAME_LIMIT = 16
MARKS = 2  # combining marks a letter of a name may carry
SEED_BITS = 64  # a table's seed, from the operating system's secure randomness: too many to search
HISTORY_LIMIT = 400
FRESH_CODES = 50_000  # resume codes of players who have not sat down yet, kept in memory (each keyless login gives
# one: on disk they grew a row a login, 9 a second from one address)
STIR_BURST, STIR_PER_SECOND = 8, 0.2  # comebacks, hand-overs, take-backs an identity makes at once; then per second
WATCH_NEWS_BURST, WATCH_NEWS_PER_SECOND = 6, 0.1  # arrivals of watchers a table is told of at once; then per second
CREATOR_SITS = 60.0  # seconds a new table waits for its creator to sit down before anyone seated may start it
CODE_IN_NAME = (
    "that name shows a player's resume code (8 letters and digits of it in a row, however written): everyone would"
    " read it and could take that player's seats. Choose another name; to get your seat back over SSH, log in as"
    " NAME+CODE"
)
COME_BACK = (
    "come back as you first came: `coup join` again from the same computer, over SSH with the same key, or over SSH"
    " as NAME+CODE with the resume code your lobby showed"
)


def same_option(read: Any, given: Any) -> bool:
    """Whether the game read an option as it was given (a list of names in any order: G54's roles)."""
    if isinstance(read, list) and isinstance(given, list):
        return sorted(map(str, read)) == sorted(map(str, given))
    return type(read) is type(given) and read == given


def write_all(sends: list[tuple[Connection, bytes]]) -> None:
    """Write each frame to its connection (a closed one takes nothing)."""
    for conn, frame in sends:
        conn.write(frame)


def clean_name(value: Any) -> str:
    """A printable player name of at most NAME_LIMIT characters, two combining marks to a letter at most (enough for
    Vietnamese; a stack of them paints over the lines above and below), and never a name the leaderboard gives a
    computer level. (Whether it shows a resume code the host gave is the host's to say: Host._check_name.)"""
    if not isinstance(value, str):
        raise Refused("bad_request", "name must be a string")
    kept: list[str] = []
    for ch in unicodedata.normalize("NFD", value[: NAME_LIMIT * 8]):
        stacked = len(kept) >= MARKS and all(unicodedata.combining(mark) for mark in kept[-MARKS:])
        if ch.isprintable() and not (unicodedata.combining(ch) and stacked):
            kept.append(ch)
    name = unicodedata.normalize("NFC", "".join(kept)).strip()[:NAME_LIMIT]
    if not name:
        raise Refused("bad_request", "name must not be empty")
    if passes_for_a_bot(name):
        raise Refused(
            "bad_request",
            f"{bot_name('LEVEL')}, or a name ending in (LEVEL), (program: …) or (away), is how the host marks its "
            "computer opponents and players",
        )
    return name


class Host:
    """Serves tables over TCP; data_dir holds the journal (None: no journal)."""

    def __init__(
        self,
        data_dir: Path | None = None,
        bot_delay: float = 0.5,
        grace: float = 120.0,
        hello_timeout: float = 10.0,
        max_frame: int = MAX_FRAME,
        rate: float = 30.0,
        burst: float = 60.0,
        name: str = "coup",
        max_buffer: int = MAX_BUFFER,
        chosen_seeds: bool = False,
        policy: HostPolicy | None = None,
        limits: HostLimits | None = None,
        idle_seat: float = IDLE_SEAT,
        rematch_wait: float = REMATCH_WAIT,
    ) -> None:
        """chosen_seeds: a create may name the table's seed (self-play and tests only: whoever knows a seed knows
        every hidden card, so a host serving people deals every table from its own secure randomness); policy: who
        may come in (a password, SSH keys only) and the SSH door's secret; limits: what strangers may open
        (connections, silence, waiting tables), HostLimits() by default; idle_seat: how long an owed answer waits
        before its seat may be handed to the computer; rematch_wait: how long a rematch waits for its answers."""
        self.bot_delay, self.grace, self.hello_timeout = bot_delay, grace, hello_timeout
        self.max_frame, self.rate, self.burst, self.name = max_frame, rate, burst, name
        self.max_buffer, self.chosen_seeds = max_buffer, chosen_seeds
        self.stopping = False
        self.policy = policy or HostPolicy()
        self.throttle = Throttle()
        self._fresh_codes: dict[str, None] = {}  # codes given to players who have not sat down yet, oldest first
        self._guessing: Counter[str] = Counter()  # wrong passwords and codes awaiting an answer, by address
        self.journal = Journal(data_dir / "tables") if data_dir is not None else None
        self.stats = HostStats(data_dir / "stats.sqlite3" if data_dir is not None else None)
        self.tables: dict[str, LobbyTable] = {}
        self.connections: set[Connection] = set()
        self.server: asyncio.Server | None = None
        self._next_id = self.journal.next_number() if self.journal is not None else 1
        self._grace_timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._serving: set[asyncio.Task[None]] = set()
        self.limits = limits or HostLimits()
        self.starts = ChatRate(self.limits.starts_burst, self.limits.starts_per_minute / 60)  # by address
        self.doors, self.openings = Doors(self.limits), Openings(self.limits)
        self.tally = Tally(log)  # what peers cause in the log: repeated faults are counted, not written
        self.names = NamesInUse(NAME_LIMIT)  # in the lobby and its notices, one identity's name is nobody else's
        self._lobby_news = Coalescer(self._send_lobby)
        self._sweeper: asyncio.TimerHandle | None = None
        self._rollbacks: dict[str, Rollback] = {}
        self.chat_rate, self.codes = ChatRate(), Codes()  # chat lines and wrong table codes, per identity
        self.address_chat_rate = ChatRate(ADDRESS_BURST, ADDRESS_PER_SECOND)  # (an identity without a key is free)
        self.stirs = ChatRate(STIR_BURST, STIR_PER_SECOND)  # what an identity makes its table hear besides chat
        self.address_stirs = ChatRate(ADDRESS_BURST, STIR_PER_SECOND * 4)  # all the identities of one address
        self.watch_news = ChatRate(WATCH_NEWS_BURST, WATCH_NEWS_PER_SECOND)  # by table: however many come to watch
        self.announced: set[Connection] = set()  # watchers whose arrival their table was told of (and so their going)
        self.handovers = Handovers(self._seat_handed, idle_seat)
        self.rematches = Rematches(
            self.tables,
            self._new_table_id,
            self._open_rematch,
            rematch_wait,
            lambda new: start_refusal(self.limits, self.tables, new.started_from) is None,
        )

    # -- life -----------------------------------------------------------------------------

    async def start(self, host: str = "0.0.0.0", port: int = 7654) -> int:
        """Resume journaled tables, listen, and return the port."""
        self.doors.fit_descriptors()
        self._resume_journal()
        self.server = await asyncio.start_server(self._serve, host, port)
        self._sweep()
        bound: int = self.server.sockets[0].getsockname()[1]
        return bound

    async def stop(self) -> None:
        """Close every connection and stop listening; journals stay for the next start."""
        self.stopping = True  # no grace timer may start (and later rewrite a journal) as connections close
        if self.server is not None:
            self.server.close()
        for conn in list(self.connections):
            conn.abort()
        for lobby in self.tables.values():
            if lobby.table is not None:
                lobby.table.close()
        for timer in self._grace_timers.values():
            timer.cancel()
        self.rematches.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
        self._lobby_news.cancel()
        if self._serving:
            await asyncio.wait(self._serving, timeout=5)
        if self.server is not None:
            await self.server.wait_closed()
        self.tally.summarize()

    def _resume_journal(self) -> None:
        if self.journal is not None:
            self._rollbacks = resume_all(self.journal, self._restore)

    def _restore(self, table_id: str, header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]]) -> int:
        """Resume a journaled table at its last good move; how many moves that is."""
        game = get_game(header["game"])
        config = game.load_config(header["config"])
        seats = [Seat.from_header(s) for s in header["seats"]]
        lobby = LobbyTable(table_id, header["game"], config.players, header.get("options", {}), header.get("timer"))
        lobby.seats, lobby.coach = seats, header.get("coach") is True
        lobby.code, lobby.watchers = from_header(header)
        lobby.creator = str(header.get("creator", ""))
        lobby.started_from = str(header.get("started_from", ""))  # so a restart keeps each address's games counted
        lobby.rematch = str(header.get("rematch")) if header.get("rematch") in REMATCH_MODES else REMATCH_MODES[0]
        self._open_table(lobby, config, int(header["seed"]))
        assert lobby.table is not None
        played = replay(table_id, lobby.table, moves)
        count_if_over(self.stats, lobby)  # a game whose end was journaled, counted before the stop or not: once
        lobby.table.on_move = functools.partial(self._moved, lobby)
        lobby.table.on_timeout = functools.partial(timed_out, lobby)
        journaled = self.journal.said(table_id) if self.journal is not None else []
        lobby.said_again([said for line in journaled if (said := kept_line(line, lobby)) is not None])
        self._journal_said(lobby)
        self.tables[table_id] = lobby
        self._next_id = max(self._next_id, int(table_id.lstrip("t") or 0) + 1)
        for index, kept in enumerate(seats):
            if kept.kind == "person":
                self._start_grace(lobby, index)
        self._attend(lobby)  # nobody is back yet: a game with a person's seat waits for someone to come
        log.info("resumed table %s after %d moves", table_id, played)
        return played

    # -- connections ------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, self.rate, self.burst, self.max_buffer, self.max_frame, self.tally)
        refused = self.doors.admit(conn.address)
        if refused is not None:
            who, why = refused
            self.tally.note(who, "refused connections", logging.WARNING, "refusing %s: %s", conn.peer, why)
            conn.error("busy", why)
            await conn.close()
            return
        self.connections.add(conn)
        welcomed = False  # (then its name is in self.names)
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        try:
            hello = await asyncio.wait_for(read_frame(reader, self.max_frame), self.hello_timeout)
            await self._hello(conn, hello)
            welcomed = True
            while not conn.closed:
                try:
                    message: dict[str, Any] | None = await read_frame(reader, self.max_frame)
                except MalformedFrame as error:  # the frame was read whole: the stream is still in step
                    message, malformed = None, error
                if not conn.allow():
                    conn.note("floods", logging.WARNING, "flooding; disconnecting")
                    conn.error("flood", "too many messages; disconnecting")
                    break
                if message is None:
                    conn.note("malformed frames", logging.INFO, "malformed frame: %s", shown(malformed))
                    conn.error(malformed.code, str(malformed))
                    continue
                self._dispatch(conn, message)
        except TimeoutError:
            conn.error("timeout", "no hello in time")
        except FrameTooLarge as error:
            conn.note("oversized frames", logging.WARNING, "%s", shown(error))
            conn.error(error.code, str(error))
        except WireError as error:
            conn.note("bad first frames", logging.WARNING, "bad first frame: %s", shown(error))
            conn.error(error.code, str(error))
        except Refused as error:
            conn.note("refused hellos", logging.WARNING, "refused at hello: %s", shown(error))
            conn.error(error.code, str(error))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            if welcomed:
                self.names.give_back(conn.name, conn.identity)
            self.doors.release(conn.address)
            self.connections.discard(conn)
            self._disconnected(conn)
            await conn.close()

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        if message.get("type") != "hello":
            raise Refused("hello_first", "the first message must be a hello")
        version = message.get("version")
        if type(version) is not int or version != PROTOCOL_VERSION:  # (2.0 and True are not 2)
            raise Refused("version", f"this host speaks protocol version {PROTOCOL_VERSION}; update coup")
        name = clean_name(message.get("name", ""))
        conn.program = program_level(message.get("program"))
        if "program" in message and not conn.program:
            raise Refused("bad_request", "program must name a computer level (as coup bot --level takes)")
        await self._admit(conn, message)
        await self._check_name(conn, name)
        conn.name = name  # (from now on the lobby's news reach it: never before the welcome)
        if self._seated(conn.identity) and not self._stir_allowed(conn):  # each comeback is told at the table
            raise Refused("slow_down", "you are reconnecting too fast: wait a few seconds")
        self.stats.named(conn.identity, conn.name)  # the leaderboard shows the name an identity last came in with
        conn.name = self.names.take(conn.name, conn.identity)  # (nothing after this refuses the hello)
        welcome = {
            "type": "welcome",
            "version": PROTOCOL_VERSION,
            "name": conn.name,  # the name the others know this connection by (another identity may have taken it)
            "host": self.name,
            "max_frame": self.max_frame,
            "grace": self.grace,  # how long a dropped player's seat waits for them: the app tells a player who quits
            "idle_seat": self.handovers.idle_after,  # how long an answer waits before its seat may be handed over
        }
        if message.get("id") is not None:
            welcome["re"] = message["id"]
        conn.send(welcome)
        self._resume(conn, message.get("id"))

    async def _admit(self, conn: Connection, message: dict[str, Any]) -> None:
        """Check the hello against the host's policy and settle who the peer is (Refused if it may not come in)."""
        policy = self.policy
        if "door" in message:
            if not policy.is_door(message["door"]):
                raise Refused("bad_request", "that is not this host's SSH door")
            identity = message.get("identity")
            if not isinstance(identity, str) or not 0 < len(identity) <= IDENTITY_LIMIT:
                raise Refused("bad_request", "the SSH door must say who its player is")
            conn.identity, conn.door = identity, True  # the SSH login already met the host's key policy
            peer = message.get("peer")
            conn.origin = peer[:LOG_LIMIT] if isinstance(peer, str) else conn.address
            if policy.password is not None:  # but a key says who the player is, not that they know the password
                await self._check_password(conn, message, conn.origin)
            if is_code_identity(identity):
                await self._check_code(conn, identity, message.get("resumed") is True)
            return
        if policy.keys_only:
            raise Refused("ssh_only", "this host admits players by SSH key only: connect with ssh")
        if policy.password is not None:
            await self._check_password(conn, message, conn.address)
        profile = message.get("profile")
        if profile is not None:
            if not isinstance(profile, str) or not PROFILE_MIN <= len(profile) <= 200:
                raise Refused("bad_request", f"profile must be a secret string of {PROFILE_MIN} to 200 characters")
            conn.identity = profile_identity(profile)

    async def _check_code(self, conn: Connection, identity: str, resumed: bool) -> None:
        """A resume code's identity: one the door gave now is kept (in memory until its player takes a seat, then on
        disk); one the player typed to come back must be one given here (_gave), and gets in at once; any other is a
        wrong guess (_refuse_a_guess)."""
        if not resumed:
            self._fresh_codes[identity] = None  # kept in memory until its player takes a seat (_on_join)
            if len(self._fresh_codes) > FRESH_CODES:
                del self._fresh_codes[next(iter(self._fresh_codes))]
            return
        self._one_guess_at_a_time(conn.origin)
        if self._gave(identity):
            if identity not in self._fresh_codes:
                self.stats.code_given(identity)  # typed: kept as long again
            return
        refusal = Refused("unknown_code", "no player at this host has that resume code")
        await self._refuse_a_guess(conn, conn.origin, "unknown resume codes", refusal)

    def _gave(self, identity: str) -> bool:
        """Whether the host gave the resume code of identity: to a player not seated yet (in memory), or to one with
        a seat or a record (on disk; or a seat's owner's, from a journal kept before codes were)."""
        return identity in self._fresh_codes or self.stats.knows_code(identity) or self._seated(identity)

    async def _check_name(self, conn: Connection, name: str) -> None:
        """Refuse a name that shows a resume code the host gave (every one it reads as, identity.codes_in: 'hunter22'
        is a name, unless HUNTER22 is a code given here). Each is checked as a typed code would be, and counted as a
        guess from the player's address before its answer (one at a time, the same throttle's wait): a name packed
        with codes is no quicker a way to try them than typing them."""
        for code in codes_in(name):
            self._one_guess_at_a_time(conn.origin)
            await self._count_a_guess(conn, conn.origin, "names read as resume codes", logging.INFO)
            if self._gave(code_identity(code)):
                raise Refused("bad_request", CODE_IN_NAME)

    async def _check_password(self, conn: Connection, message: dict[str, Any], address: str) -> None:
        """Refuse a hello without the host's password, or with a wrong one (a guess: see _refuse_a_guess)."""
        if "password" not in message:
            raise Refused("password", "this host needs a password")
        self._one_guess_at_a_time(address)
        if not self.policy.password_matches(message["password"]):
            await self._refuse_a_guess(conn, address, "wrong host passwords", Refused("password", "wrong password"))

    def _one_guess_at_a_time(self, address: str) -> None:
        """Refuse, unread, a password or resume code from address while the answer to a wrong one from there waits
        (_refuse_a_guess): judged, a right one let in and a wrong one refused at once would tell a guesser which was
        which, as fast as they could ask."""
        if self._guessing[address]:
            raise Refused("slow_down", "one guess at a time from an address: wait for the answer to the last")

    async def _refuse_a_guess(self, conn: Connection, address: str, kind: str, refusal: Refused) -> None:
        """Refuse a wrong password or resume code from address, once its guess is counted (_count_a_guess). A right
        answer, judged, never waits."""
        await self._count_a_guess(conn, address, kind, logging.WARNING)
        raise refusal

    async def _count_a_guess(self, conn: Connection, address: str, kind: str, level: int) -> None:
        """Count a guess at a password or resume code from address and wait a while that grows with the guesses from
        there (counted as they come; identity.Throttle); meanwhile no other from there is read
        (_one_guess_at_a_time)."""
        self.throttle.failed(address)
        conn.note(kind, level, "%s, from %s", kind, shown(address))
        self._guessing[address] += 1
        try:
            await asyncio.sleep(self.throttle.delay(address))
        finally:
            self._guessing[address] -= 1
            if not self._guessing[address]:
                del self._guessing[address]

    def _dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind, ref = message["type"], message.get("id")
        handler = getattr(self, f"_on_{kind}", None) if kind.isidentifier() else None
        try:
            if handler is None:
                raise Refused("unknown_type", f"unknown message type {kind!r}")
            reply = handler(conn, message)
            if reply is not None:
                if ref is not None:
                    reply["re"] = ref
                conn.send(reply)
        except Refused as error:
            conn.note(f"{error.code} refusals", logging.INFO, "refused %s: %s", shown(kind), shown(error))
            conn.error(error.code, str(error), ref)
        except StaleMove as error:
            conn.note("stale moves", logging.INFO, "stale move: %s", shown(error))
            conn.error("stale", str(error), ref)
        except IllegalMove as error:
            conn.note("illegal moves", logging.INFO, "illegal move: %s", shown(error))
            conn.error("illegal", str(error), ref)
        except (ValueError, TypeError, KeyError) as error:
            conn.note("bad requests", logging.INFO, "bad %s request: %s", shown(kind), shown(error))
            conn.error("bad_request", f"bad {kind} request: {error}", ref)
        except Exception as error:  # a host bug: its stack (the host's code only), and the peer's values escaped
            stack = "".join(traceback.format_tb(error.__traceback__))
            conn.note(
                "internal errors", logging.ERROR, "internal error on %s: %s\n%s", shown(kind), shown(repr(error)), stack
            )
            conn.error("internal", "the host could not handle that request", ref)

    def _disconnected(self, conn: Connection) -> None:
        lobby = self.tables.get(conn.table_id or "")
        if lobby is None:
            return
        self._happened(lobby)
        self._stop_watching(lobby, conn)
        if conn.seat is not None and lobby.seats[conn.seat].conn is conn:
            seat = lobby.seats[conn.seat]
            if not lobby.started:
                lobby.seats[conn.seat] = Seat()
            else:
                seat.conn = None
                self._start_grace(lobby, conn.seat)
                self._gone_from_finished(lobby, conn.seat)
                if not self.stopping and lobby.table is not None and not lobby.table.over():
                    self.handovers.away(lobby, conn.seat, self.grace, conn.said_bye)
        self._attend(lobby)
        self._broadcast_lobby()

    # -- lobby requests -----------------------------------------------------------------------

    def _on_ping(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "pong"}

    def _on_bye(self, conn: Connection, message: dict[str, Any]) -> None:
        """The player is quitting (the connection closes next): a seat of theirs is kept all the same."""
        conn.said_bye = True

    def _on_stats(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "stats", **self.stats.totals(conn.identity)}

    def _on_leaderboard(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        return answer(self.stats, message, conn.identity)

    def _on_list(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        page, query = list_request(message)
        return listing(ranked(self.tables.values(), query), page, self.tables.get(conn.table_id or ""))

    def _on_create(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        creator = creator_key(conn)
        refusal = self.openings.refusal(creator, conn.origin, self.tables)
        if refusal is not None:
            raise Refused(*refusal)
        game_name = message.get("game", next(iter(GAMES)))  # the protocol's default: the first game
        if not isinstance(game_name, str):
            raise Refused("bad_request", "game must be a string")
        try:
            game = get_game(game_name)
        except ValueError as error:
            raise Refused("bad_request", str(error)) from None
        players = message.get("players")
        options = message.get("options", {})
        if not isinstance(players, int) or not isinstance(options, dict):
            raise Refused("bad_request", "create needs players (a number) and options (a map)")
        if "players" in options or "names" in options:
            raise Refused("bad_request", "players and names are not options (names come from the seats)")
        config = game.load_config({"players": players, **options})  # validates
        game.new(config, 0)  # a config the game cannot start with (a first player of 1.5) is refused now
        read = config.to_dict()
        wrong = sorted(str(key) for key, value in options.items() if not same_option(read.get(key), value))
        if wrong:  # an option the game does not have, or one it reads as something else ("yes" for true)
            raise Refused("bad_request", f"unknown or ill-typed options for {game_name}: {', '.join(wrong)[:200]}")
        options = {key: read[key] for key in options}  # as the game reads them: plain JSON, bounded
        timer, seed = message.get("timer"), message.get("seed")
        if timer is not None and (not isinstance(timer, (int, float)) or not 5 <= timer <= 3600):
            raise Refused("bad_request", "timer is a number of seconds from 5 to 3600")
        if seed is not None and not self.chosen_seeds:
            raise Refused("bad_request", "this host deals every table itself: nobody may choose a seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise Refused("bad_request", "seed must be an integer")
        private, watchers = privacy(message)
        rematch = message.get("rematch", REMATCH_MODES[0])
        if rematch not in REMATCH_MODES:
            raise Refused("bad_request", f"rematch is one of {', '.join(REMATCH_MODES)}")
        coach = message.get("coach", False)
        if not isinstance(coach, bool):
            raise Refused("bad_request", "coach is true or false")
        starts = message.get("starts", "creator")
        if starts not in ("creator", "anyone"):
            raise Refused("bad_request", 'starts is "creator" or "anyone" (an organiser who will not sit there)')
        table_id = self._new_table_id()
        expired = self.openings.room(self.tables)  # at the cap of waiting tables: the oldest empty one goes
        if expired is not None:
            del self.tables[expired]
        lobby = LobbyTable(
            table_id,
            game_name,
            players,
            options,
            timer,
            seed,
            coach,
            watchers=watchers,
            creator=creator,
            rematch=rematch,
        )
        lobby.code = new_code(self.tables.values()) if private else None
        lobby.creator_sits = time.monotonic() + CREATOR_SITS if starts == "creator" else 0.0
        self.tables[table_id] = lobby
        self.openings.made(table_id, creator, conn.origin, time.monotonic())
        self._broadcast_lobby()
        return {"type": "created", "table": lobby.summary(), **revealed(lobby)}

    def _lobby(self, conn: Connection, message: dict[str, Any]) -> LobbyTable:
        """The table message names by its id: a private table's only for those at it, before anything else is
        checked (to anyone else it is no table, whatever they ask of it)."""
        table_id = message.get("table")
        lobby = self.tables.get(table_id) if isinstance(table_id, str) else None
        if lobby is None or not reachable(lobby, conn):
            raise Refused("no_table", f"no table {shown(message.get('table'), 40)}")
        return lobby

    def _reach(self, conn: Connection, message: dict[str, Any]) -> LobbyTable:
        """The table a join or spectate names: by its code, or by its id (a private table's only for those at it)."""
        if "code" not in message:
            return self._lobby(conn, message)
        found = self.codes.find(conn.identity, conn.origin, message["code"], self.tables.values())
        if isinstance(found, tuple):
            if found[0] == "wrong_code":
                conn.note("wrong table codes", logging.WARNING, "wrong table code from %s", shown(conn.origin))
            raise Refused(*found)
        return found

    def _on_join(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        lobby = self._reach(conn, message)
        if conn.table_id is not None:
            raise Refused("seated", f"already at table {conn.table_id}; leave it first")
        if lobby.started:
            away = any(seat.kind == "person" and seat.conn is None for seat in lobby.seats)
            back = f" (if a seat there waiting for its player is yours, {COME_BACK})" if away else ""
            raise Refused("started", f"that game has started; spectate it instead{back}")
        wanted = message.get("seat")
        if wanted is not None and (not isinstance(wanted, int) or isinstance(wanted, bool)):
            raise Refused("bad_request", "seat must be a seat number")
        open_seats = [i for i, s in enumerate(lobby.seats) if s.kind == "open"]
        if wanted is None:
            if not open_seats:
                raise Refused("full", "no open seat at that table")
            wanted = open_seats[0]
        if wanted not in open_seats:
            raise Refused("taken", f"seat {wanted} is not open")
        if lobby.seat_of(conn.identity) is not None:
            raise Refused("seated", "you already have a seat at that table")
        if conn.program and conn.program not in game_spec(lobby.game).bots:  # (its record would name a level
            title, titles = game_spec(lobby.game).title, ", ".join(games_played_by(conn.program))  # the game lacks)
            raise Refused("bad_level", f"that table plays {title}; the {conn.program} level plays {titles}")
        lobby.seats[wanted].seat_person(conn, lobby.unique_name(conn.name))
        if is_code_identity(conn.identity):  # a seat to come back to: its resume code is kept on disk from now on
            self.stats.code_given(conn.identity)
        if conn.identity == lobby.creator:
            lobby.creator_sits = 0.0  # sat down: from now on the creator runs the table while seated there
        conn.table_id, conn.seat = lobby.id, wanted
        self._happened(lobby)
        self._broadcast_lobby()
        return {
            "type": "joined",
            "table": lobby.id,
            "game": lobby.game,
            "seat": wanted,
            "coach": lobby.coach,
            **revealed(lobby),
        }

    def _on_spectate(self, conn: Connection, message: dict[str, Any]) -> None:
        lobby = self._reach(conn, message)
        if conn.table_id is not None:
            raise Refused("seated", f"already at table {conn.table_id}; leave it first")
        if not lobby.watchers:
            raise Refused("no_watchers", "this table's creator allows no spectators")
        self._stir(conn)  # the table is told (a loop of watching and leaving flooded its players)
        conn.table_id, conn.seat = lobby.id, None
        lobby.spectators.append(conn)
        self._happened(lobby)
        self._attend(lobby)
        reply: dict[str, Any] = {"type": "spectating", "table": lobby.id, "game": lobby.game, **revealed(lobby)}
        reply.update(lobby.computer_seats(None))
        if message.get("id") is not None:
            reply["re"] = message["id"]
        conn.send(reply)  # before the history, so the client knows the table it is about
        if lobby.table is not None:
            self._send_history(lobby, conn, None)
        if self.watch_news.allow(lobby.id):  # (past it, a crowd of strangers, each allowed, flooded the players)
            self.announced.add(conn)
            notice(lobby, "watching", None, f"{conn.name} is watching.", but=conn)  # after the history: not news
        self._broadcast_lobby()

    def _stop_watching(self, lobby: LobbyTable, conn: Connection) -> None:
        """conn no longer watches lobby's table (if it did): the table is told, unless the host is stopping."""
        if conn not in lobby.spectators:
            return
        lobby.spectators.remove(conn)
        if conn in self.announced:
            self.announced.discard(conn)
            if not self.stopping:
                notice(lobby, "stopped_watching", None, f"{conn.name} stopped watching.")
        self._abandoned(lobby)

    def _on_leave(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        lobby = self.tables.get(conn.table_id or "")
        if lobby is not None:
            self._happened(lobby)
            self._stop_watching(lobby, conn)
            if conn.seat is not None:
                if not lobby.started:
                    lobby.seats[conn.seat] = Seat()
                elif lobby.table is not None and not lobby.table.over():
                    self._hand_to_bot(lobby, conn.seat, "left the game")
                else:
                    lobby.seats[conn.seat].conn = None
                    self._gone_from_finished(lobby, conn.seat)
            self._attend(lobby)
        conn.table_id, conn.seat = None, None
        self._broadcast_lobby()
        return {"type": "left"}

    def _on_fill(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        lobby = self._lobby(conn, message)
        level = message.get("level", "rule")
        levels = game_spec(lobby.game).bots
        if level not in levels:
            raise Refused("bad_request", f"unknown bot level {shown(level, 40)}; known: {', '.join(levels)}")
        if lobby.started:
            raise Refused("started", "that game has started")
        if conn.table_id != lobby.id or conn.seat is None:
            raise Refused("not_seated", "only a player seated at the table can add computer opponents")
        if (not_theirs := lobby.refusal_to_run(conn.identity, time.monotonic())) is not None:
            raise Refused("not_creator", not_theirs)
        lobby.fill(level)
        self._happened(lobby)
        self._broadcast_lobby()
        return listing(ranked(self.tables.values()), 0, lobby)

    def _on_start(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        lobby = self._lobby(conn, message)
        if lobby.started:
            raise Refused("started", "that game has already started")
        if conn.table_id != lobby.id or conn.seat is None:
            raise Refused("not_seated", "only a player seated at the table can start it")
        if (not_theirs := lobby.refusal_to_run(conn.identity, time.monotonic())) is not None:
            raise Refused("not_creator", not_theirs)
        if any(seat.kind == "open" for seat in lobby.seats):
            raise Refused("not_full", "fill the open seats (join or add computer opponents) first")
        refusal = start_refusal(self.limits, self.tables, conn.origin)
        if refusal is not None:
            raise Refused(*refusal)
        if conn.origin not in self.limits.unlimited and not self.starts.allow(conn.origin):
            every = 60 / self.limits.starts_per_minute
            raise Refused("slow_down", f"games are started from your address faster than one every {every:g} s")
        lobby.started_from = conn.origin
        self._begin(lobby)
        return {"type": "ok"}

    def _begin(self, lobby: LobbyTable) -> None:
        """Deal a full table's game and send its first views."""
        game = get_game(lobby.game)
        config = game.load_config({"players": lobby.players, "names": [s.name for s in lobby.seats], **lobby.options})
        seed = lobby.seed if lobby.seed is not None else secrets.randbits(SEED_BITS)
        self._open_table(lobby, config, seed)
        assert lobby.table is not None
        lobby.table.on_move = functools.partial(self._moved, lobby)
        lobby.table.on_timeout = functools.partial(timed_out, lobby)
        if self.journal is not None:
            self.journal.begin(lobby.id, lobby.header())
            self._journal_said(lobby)
        for index, seat in enumerate(lobby.seats):
            if seat.conn is not None:
                seat.conn.send(lobby.started_message(index))
                self._send_history(lobby, seat.conn, index)
        for spectator in lobby.spectators:
            self._send_history(lobby, spectator, None)
        lobby.table.start()
        self._broadcast_lobby()

    def _on_move(self, conn: Connection, message: dict[str, Any]) -> None:
        lobby = self.tables.get(conn.table_id or "")
        if lobby is None or lobby.table is None or conn.seat is None:
            raise Refused("not_seated", "you are not playing at a started table")
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused("bad_request", "a move carries the version of the view it was made on")
        move = lobby.table.game.load_move(message.get("move"))
        lobby.table.submit(conn.seat, move, version)  # a stale or illegal move changes nothing, the hand-over neither
        self.handovers.returned(lobby, conn.seat)  # a player who moved is back: the computer stops playing for them

    def _on_chat(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        lobby = self.tables.get(conn.table_id or "")
        to, text = chat_request(message, lobby is not None, lobby is not None and lobby.started)
        from_anywhere = conn.origin not in self.limits.unlimited
        if not self.chat_rate.allow(conn.identity) or (from_anywhere and not self.address_chat_rate.allow(conn.origin)):
            raise Refused("slow_down", "you are chatting too fast: wait a few seconds")
        said, heard_by = hearers(conn, to, lobby, self.connections, self.tables)
        said = {**said, "text": text}
        if lobby is not None and to == "table":
            said = lobby.keep_said(said)
            self._happened(lobby)
        data = encode(said, self.max_frame)
        for peer in heard_by:
            peer.write(data)
        return {"type": "ok"}

    def _at_table(self, conn: Connection) -> LobbyTable:
        """The table conn is at (Refused if none)."""
        lobby = self.tables.get(conn.table_id or "")
        if lobby is None:
            raise Refused("not_seated", "you are not at a table")
        return lobby

    def _on_handover(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        self._stir(conn)
        return self.handovers.ask(conn, self._at_table(conn), message)

    def _on_take_back(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        self._stir(conn)
        return self.handovers.take_back(conn, self._at_table(conn))

    def _stir(self, conn: Connection) -> None:
        """Refuse a request that makes the table hear of it, past the allowance of its identity or of its address
        (identities are free): a loop of hand-overs and take-backs, or of rematch answers, flooded every player and
        pushed the chat out of what the table keeps."""
        if not self._stir_allowed(conn):
            raise Refused("slow_down", "you are doing that too fast: wait a few seconds")

    def _stir_allowed(self, conn: Connection) -> bool:
        """Take one from conn's allowance of what its table hears of it besides chat; False once it is spent."""
        from_anywhere = conn.origin not in self.limits.unlimited
        return self.stirs.allow(conn.identity) and (not from_anywhere or self.address_stirs.allow(conn.origin))

    def _seated(self, identity: str) -> bool:
        """Whether identity holds a seat at any table (its comeback is told there)."""
        return any(lobby.seat_of(identity) is not None for lobby in self.tables.values())

    def _on_rematch(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        self._stir(conn)  # each answer is told to the whole table
        return self.rematches.answer(conn, self._at_table(conn), message)

    def _resume(self, conn: Connection, ref: Any) -> None:
        """Give a newly admitted peer back the seat its identity holds, if any (at an unfinished table first)."""
        held = [(lobby, index) for lobby in self.tables.values() if (index := lobby.seat_of(conn.identity)) is not None]
        if not held:
            return
        lobby, index = next((h for h in reversed(held) if h[0].table is None or not h[0].table.over()), held[-1])
        seat = lobby.seats[index]
        away = seat.conn is None  # not a connection of the same player's that this one replaces
        if seat.conn is not None and seat.conn is not conn:
            seat.conn.error("replaced", "another connection of yours plays this seat now")
            seat.conn.table_id, seat.conn.seat = None, None
        seat.conn, seat.program = conn, conn.program  # (whoever comes back says again whether they are a program)
        conn.table_id, conn.seat = lobby.id, index
        timer = self._grace_timers.pop((lobby.id, index), None)
        if timer is not None:
            timer.cancel()
        self._attend(lobby)
        reply = {
            "type": "joined",
            "table": lobby.id,
            "game": lobby.game,
            "seat": index,
            "coach": lobby.coach,
            "resumed": True,
        }
        reply.update(revealed(lobby))
        if ref is not None:
            reply["re"] = ref
        conn.send(reply)
        if lobby.table is not None:
            conn.send(lobby.started_message(index))
            self._send_history(lobby, conn, index)
            self.handovers.returned(lobby, index, away and not lobby.table.over())
        self._tell_rollback(conn, lobby.id, index)
        self._broadcast_lobby()
        conn.note(
            "resumes",
            logging.INFO,
            "%s (%s) resumed seat %d of %s",
            shown(conn.name),
            shown_identity(conn.identity),
            index,
            lobby.id,
        )

    # -- tables -------------------------------------------------------------------------------

    def _new_table_id(self) -> str:
        """A table id never given before, even across restarts."""
        table_id = f"t{self._next_id}"
        self._next_id += 1
        if self.journal is not None:
            self.journal.keep_next_number(self._next_id)
        return table_id

    def _open_rematch(self, lobby: LobbyTable, start: bool) -> None:
        """A rematch's new table: started, or in the lobby waiting (for players, or to be started by hand once the
        host's limits on games under way allow it)."""
        self.tables[lobby.id] = lobby
        if start:
            self._begin(lobby)
        else:
            self.openings.made(lobby.id, lobby.creator, lobby.started_from, time.monotonic())
        self._broadcast_lobby()

    def _gone_from_finished(self, lobby: LobbyTable, index: int) -> None:
        """A player left a finished table (or lost its connection): no rematch for them."""
        if lobby.table is not None and lobby.table.over():
            self.rematches.gone(lobby, index)

    def _seat_handed(self, lobby: LobbyTable, index: int) -> None:
        """A seat was handed to the computer or taken back: the journal keeps it; no grace period runs for it, unless
        its player is away (then it is looked at again after one, as for any stand-in: _grace_over)."""
        timer = self._grace_timers.pop((lobby.id, index), None)
        if timer is not None:
            timer.cancel()
        seat = lobby.seats[index]
        if seat.kind == "person" and seat.conn is None:
            self._start_grace(lobby, index)
        if lobby.table is not None and not lobby.table.over():
            if self.journal is not None:
                self.journal.rewrite_header(lobby.id, lobby.header())
            lobby.table.start()
        self._broadcast_lobby()

    def _open_table(self, lobby: LobbyTable, config: Any, seed: int) -> None:
        bots = {i: level for i, seat in enumerate(lobby.seats) if (level := seat.bot_level()) is not None}
        table = Table(lobby.game, config, seed, bots, self.bot_delay, response_timeout=lobby.timer)
        lobby.table = table
        for seat in [*range(config.players), None]:
            lobby.history[seat] = [to_plain(e) for e in table.opening_events(seat)]
            lobby.heard[seat] = len(lobby.history[seat])
            table.subscribe(functools.partial(self._table_changed, lobby, seat), seat)

    def _table_changed(self, lobby: LobbyTable, seat: int | None, events: list[Any]) -> None:
        plain = [to_plain(e) for e in events]
        history = lobby.history.setdefault(seat, [])
        history.extend(plain)
        del history[:-HISTORY_LIMIT]
        lobby.heard[seat] = lobby.heard.get(seat, 0) + len(plain)
        if seat is not None:
            conn = lobby.seats[seat].conn
            if conn is not None:
                self._send_update(lobby, conn, seat, plain)
            return
        for spectator in lobby.spectators:
            self._send_update(lobby, spectator, None, plain)
        if lobby.table is not None and lobby.table.over():
            if self.journal is not None:
                self.journal.end(lobby.id)
            self._broadcast_lobby()  # the lobby shows the table as over

    def _send_history(self, lobby: LobbyTable, conn: Connection, seat: int | None) -> None:
        """The first update of a connection at the table (joining, watching, coming back): what was said and noted at
        the table, each placed among seat's events (a client shows those whose number it has not heard yet, in their
        places); then every event seat has seen so far, marked as the whole history (a client that comes back shows
        only those it has not shown yet)."""
        for said in lobby.said_before(seat):
            conn.send(said)
        self._send_update(lobby, conn, seat, lobby.history.get(seat, []), history=True)

    def _send_update(
        self, lobby: LobbyTable, conn: Connection, seat: int | None, events: list[Any], history: bool = False
    ) -> None:
        table = lobby.table
        assert table is not None
        deadline = None
        if table.deadline is not None:
            deadline = max(0.0, round(table.deadline - asyncio.get_running_loop().time(), 1))
        update = {
            "type": "update",
            "table": lobby.id,
            "game": lobby.game,
            "seat": seat,
            "version": table.state.version,
            "window_opened": table.window_opened,
            "view": table.wire_view(seat),
            "events": events,
            "thinking": table.thinking,
            "deadline": deadline,
        }
        if history:
            update["history"] = True
        if seat is not None and table.over():  # the player's record on this host, this game counted
            update["record"] = self.stats.totals(lobby.seats[seat].identity_for_stats())
        conn.send(update)

    def _journal_said(self, lobby: LobbyTable) -> None:
        """From now on, while its game is on, keep what is said and noted at lobby in the journal, starting with what
        the table holds now, so a restarted host gives it again; a line that cannot be written is only lost."""
        journal = self.journal
        if journal is None:
            return

        def keep(said: dict[str, Any] | None = None) -> None:
            """Journal said; with None (and now and then), cut the file to what the table holds."""
            if lobby.table is None or lobby.table.over():  # (the journal is gone with the game)
                return
            try:
                if said is None or said["n"] % SAID_KEPT == 0:
                    journal.keep_said(lobby.id, list(lobby.said))
                else:
                    journal.say(lobby.id, said)
            except OSError as error:
                log.warning("table %s: what was said cannot be journaled: %s", lobby.id, error)

        lobby.on_said = keep
        keep()  # (a file of lines none of which could be taken back is cut to nothing)

    def _moved(self, lobby: LobbyTable, seat: int, move: Any) -> None:
        """Journal a move; once it ends the game, count the game for every seat's identity, before anyone hears."""
        if self.journal is not None:
            self.journal.append(lobby.id, seat, move.to_dict())
        count_if_over(self.stats, lobby)

    def _start_grace(self, lobby: LobbyTable, index: int) -> None:
        if self.stopping:  # the journal keeps the seat for the next start
            return
        key = (lobby.id, index)
        if key in self._grace_timers:
            self._grace_timers[key].cancel()
        loop = asyncio.get_running_loop()
        self._grace_timers[key] = loop.call_later(self.grace, self._grace_over, lobby, index)

    def _grace_over(self, lobby: LobbyTable, index: int) -> None:
        self._grace_timers.pop((lobby.id, index), None)
        seat = lobby.seats[index]
        away = seat.kind == "person" and seat.conn is None
        if not away or lobby.table is None or lobby.table.over():
            return
        if seat.stand_in and lobby.present():  # the computer keeps it for them while the game goes on for others
            self._start_grace(lobby, index)  # (and looks again later: once nobody is there, it is handed for good)
        else:  # a game of stand-ins held for nobody would be kept for ever, past every limit on games under way
            self._hand_to_bot(lobby, index, "did not come back")

    def _hand_to_bot(self, lobby: LobbyTable, index: int, why: str) -> None:
        """A rule bot takes the seat of a player who left a game under way (why: how), for good; the table hears it."""
        assert lobby.table is not None
        seat = lobby.seats[index]
        seat.left_by = seat.owner  # who left still answers for the seat's result, a win never theirs
        seat.kind, seat.level, seat.owner, seat.conn = "bot", "rule", "", None
        lobby.table.set_bot(index, "rule")
        notice(lobby, "left", index, f"{seat.name} {why}: the computer plays their seat to the end.")
        if self.journal is not None:
            self.journal.rewrite_header(lobby.id, lobby.header())
        if not self._abandoned(lobby):
            lobby.table.start()
        self._broadcast_lobby()

    @staticmethod
    def _attend(lobby: LobbyTable) -> None:
        """Hold a game under way while nobody is at its table (no player connected, nobody watching), so the
        computer opponents and the clock do not play it out while its players are gone (within their grace); go on
        as soon as someone is back."""
        table = lobby.table
        if table is None or table.over():
            return
        if lobby.spectators or any(seat.conn is not None for seat in lobby.seats):
            table.resume()
        else:
            table.pause()

    def _abandoned(self, lobby: LobbyTable) -> bool:
        """Stop and forget a game under way that plays for nobody: no person's seat left, nobody watching. (Games
        started and left to computer opponents, hundreds of them, once starved the host.)"""
        table = lobby.table
        if table is None or table.over() or lobby.spectators or any(seat.kind == "person" for seat in lobby.seats):
            return False
        if self.stopping:  # a watcher's connection closing with the host: the journal resumes the game
            return False
        table.close()
        count_forfeits(self.stats, lobby)
        if self.journal is not None:
            self.journal.end(lobby.id)
        self.tables.pop(lobby.id, None)
        log.info("table %s abandoned: nobody plays or watches it any more", lobby.id)
        return True

    def _prune(self) -> None:
        """Forget finished tables nobody is looking at any more (their records are on disk)."""
        for table_id, lobby in list(self.tables.items()):
            idle = all(seat.conn is None for seat in lobby.seats) and not lobby.spectators
            if lobby.table is not None and lobby.table.over() and idle:
                lobby.table.close()
                del self.tables[table_id]

    def _tell_rollback(self, conn: Connection, table_id: str, seat: int) -> None:
        """Tell a player back at a table resumed short of its journal's end what it lost (once per seat)."""
        rollback = self._rollbacks.get(table_id)
        notice = rollback.notice(seat) if rollback is not None else None
        if notice is not None:
            conn.send(notice)

    def _broadcast_lobby(self) -> None:
        """Send the lobby to everyone at no started table soon: at once after a quiet spell, else within a moment
        with every change since (so a flood of changes costs each listener a few listings a second at most)."""
        if not self.stopping:
            self._lobby_news.changed()

    def _send_lobby(self) -> None:
        self._prune()
        order = ranked(self.tables.values())
        shared = listing(order)
        data = encode(shared, self.max_frame)  # a page of the listing always fits in a frame
        listed = {summary["id"] for summary in shared["tables"]}
        sends: list[tuple[Connection, bytes]] = []
        for conn in list(self.connections):
            lobby = self.tables.get(conn.table_id or "")
            if not conn.name or (lobby is not None and lobby.started):
                continue
            mine = lobby is None or lobby.id in listed  # else its own table, past the first page
            sends.append((conn, data if mine else encode(pinned(shared, lobby), self.max_frame)))
        self._lobby_news.gap = listing_gap(len(sends))
        loop = asyncio.get_running_loop()
        for delay, batch in spread(sends):  # the SSH door draws each listing for each session: a burst would stall it
            loop.call_later(delay, write_all, batch)

    def _close_waiting(self, lobby: LobbyTable) -> None:
        """Close an unstarted table the host expires: whoever sits at it or watches it is told, and is at no table."""
        minutes = self.limits.table_quiet / 60
        for conn in lobby.present():
            conn.error("expired", f"table {lobby.id} never started: nothing happened at it for {minutes:g} minutes")
            conn.table_id, conn.seat = None, None
        lobby.spectators.clear()

    def _happened(self, lobby: LobbyTable) -> None:
        """Something happened at lobby's table: while it waits to start, that keeps it open (limits.Openings)."""
        self.openings.stirred(lobby.id, time.monotonic())

    def _sweep(self) -> None:
        """Close connections silent too long away from a game, close waiting tables that are empty or quiet too long,
        sum up repeated faults; and again in a while."""
        now = time.monotonic()
        for conn in idle(self.connections, self.tables, now, self.limits.idle_seconds):
            conn.note(
                "idle connections", logging.INFO, "silent away from a game for %d s; closing", now - conn.last_heard
            )
            conn.hang_up("idle", f"nothing heard for {self.limits.idle_seconds:g} s away from a game; disconnecting")
        expired = self.openings.expired(self.tables, now)
        for table_id in expired:
            self._close_waiting(self.tables.pop(table_id))
        if expired:
            self._broadcast_lobby()
        self.tally.summarize()
        self._sweeper = asyncio.get_running_loop().call_later(self.limits.sweep_seconds, self._sweep)
