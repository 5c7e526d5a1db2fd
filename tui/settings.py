"""Per-player settings of the app (one set per app, so each SSH session can have its own)."""

from __future__ import annotations

import getpass
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netplay.storage import claim_profile, load_preferences, save_preferences

PACES = (("slow", 1.2), ("normal", 0.6), ("fast", 0.25), ("instant", 0.0))
"""How long a computer opponent 'thinks' before each move it shows, slowest first."""
AUTO_PASS = {
    "challenge": "challenges of claims not aimed at me",
    "block": "blocks of actions not aimed at me",
    "join": "offers to join in (G54: Capitalist, protest, estate)",
}
"""The kinds of window a player may have passed for them at once, and what each asks (never once only two players
are left: every claim then matters to the player)."""


NAME_LENGTH = 16  # the longest name the menu and the join screen take


def login_name() -> str:
    """The player's login name, the first run's name before one is typed ("Player" if there is none)."""
    try:
        name = getpass.getuser().strip()
    except (OSError, KeyError):  # no USER variable and no password-file entry (a bare container)
        name = ""
    return name[:NAME_LENGTH] or "Player"


def fresh_seed() -> int:
    """A new random seed for a game whose seed the player left blank."""
    return random.SystemRandom().randrange(1, 1_000_000)


def saved_where(table: Any) -> str:
    """Where a finished game's record is: a file on this machine (its folder, the home folder written ~, and its name
    on a line of its own, so a narrow box never breaks the name), or with the host of a network game."""
    if table.record_path:
        path = Path(table.record_path)
        folder = str(path.parent)
        home = str(Path.home())
        if folder == home or folder.startswith(home + os.sep):
            folder = "~" + folder[len(home) :]
        return f"Record saved in {folder}{os.sep}\n{path.name}"
    return "The host keeps this game's record." if getattr(table, "remote", False) else ""


def record_line(totals: dict[str, int]) -> str:
    """'Your record: 5 games, 2 wins.'"""
    games, wins = totals.get("games", 0), totals.get("wins", 0)
    return f"Your record: {games} game{'s' if games != 1 else ''}, {wins} win{'s' if wins != 1 else ''}."


@dataclass
class Settings:
    """bot_delay: seconds a computer opponent 'thinks' (0 in tests); confirm: ask before
    irreversible moves; new_seed: where blank seeds come from (fixed in tests); identity: who
    the player is beyond a name (what an SSH login proved); name_fixed: the name came with the
    login and is not to be changed (SSH); notice: what the lobby shows under its status bar (an
    SSH player's resume code); way_back: how the player comes back to a seat the host keeps for them
    (an SSH or browser login's way; empty: `coup join` the same host again); resume_hint: where the resume code of
    an earlier session goes, for a player about to type it in the wrong box (empty where no code is used)."""

    bot_delay: float = 0.6
    confirm: bool = True
    player_name: str = "Player"
    new_seed: Callable[[], int] = field(default=fresh_seed)
    save_records: bool = True
    """Write each finished local game's record to this machine's data folder (not in a door's sessions)."""
    identity: str = ""
    credentials: dict[str, str | bool] = field(default_factory=dict)
    password_host: str = ""
    """The host (HOST:PORT) the password in credentials was typed for; no other host is ever sent it."""
    name_fixed: bool = False
    notice: str = ""
    way_back: str = ""
    resume_hint: str = ""
    auto_pass: frozenset[str] = frozenset()
    """The kinds of window (AUTO_PASS) answered 'pass' at once for this player; never a claim aimed at them."""
    remember: bool = False
    """Keep the pace of play on this machine for the next run (local play and coup join; not SSH sessions)."""
    last_menu: dict[str, Any] = field(default_factory=dict)
    """The menu's choices when a game was last started from it (game, players, levels, ticked options), shown again
    when it opens; as read back from the preferences file, so the menu takes only what it still offers."""
    last_options: dict[str, Any] = field(default_factory=dict)
    """By game, the options last chosen on the screen the menu opens before such a game starts (G54's roles), as read
    back from the preferences file (checked by that screen)."""
    last_wargame: dict[str, Any] = field(default_factory=dict)
    """The wargame start screen's choices when a game was last started from it (config and who plays each side),
    as read back from the preferences file (checked there)."""

    @classmethod
    def saved(cls, **fields: Any) -> Settings:
        """Settings with the pace of play and the name this machine remembers (and keeps when they change); without a
        name given or remembered, the login name."""
        settings = cls(remember=True, **fields)
        saved = load_preferences()
        name = saved.get("player_name")
        if "player_name" not in fields:
            remembered = name.strip() if isinstance(name, str) and len(name) <= NAME_LENGTH else ""
            settings.player_name = remembered or login_name()
        delays = dict(PACES)
        if saved.get("bot_pace") in delays:
            settings.bot_delay = delays[saved["bot_pace"]]
        kinds = saved.get("auto_pass")
        if isinstance(kinds, list):
            settings.auto_pass = frozenset(k for k in kinds if k in AUTO_PASS)
        if isinstance(saved.get("confirm"), bool) and "confirm" not in fields:
            settings.confirm = saved["confirm"]
        for key, name in (("menu", "last_menu"), ("options", "last_options"), ("wargame", "last_wargame")):
            if isinstance(saved.get(key), dict):
                setattr(settings, name, saved[key])
        return settings

    def save(self) -> None:
        """Keep the pace of play, the name, the confirmation and the menu's last choices for the next run, if these
        settings are remembered."""
        if self.remember:
            kept = {
                "bot_pace": self.pace,
                "auto_pass": sorted(self.auto_pass),
                "player_name": self.player_name,
                "confirm": self.confirm,
                "menu": self.last_menu,
                "options": self.last_options,
                "wargame": self.last_wargame,
            }
            save_preferences(kept)

    @property
    def pace(self) -> str:
        """The bot pace's name: the one nearest the bot delay."""
        return min(PACES, key=lambda pace: abs(pace[1] - self.bot_delay))[0]

    def step_pace(self, step: int) -> str:
        """Move step paces along PACES (+1: faster, -1: slower; the ends stay put) and return the new pace's name."""
        names = [name for name, _ in PACES]
        index = max(0, min(len(PACES) - 1, names.index(self.pace) + step))
        self.bot_delay = PACES[index][1]
        return PACES[index][0]

    def counts_games(self) -> bool:
        """Whether a game finished here is counted in the player's record on this machine: where records are kept,
        and for a door's login (its SSH key or resume code: the door keeps no record file, but counts its games)."""
        return self.save_records or bool(self.identity)

    def stats_key(self) -> str:
        """Whose games and wins these are: the SSH key's identity, else the player's name."""
        return self.identity or f"name:{self.player_name}"

    def host_credentials(self) -> dict[str, str | bool]:
        """What the hello carries to prove who this player is: the SSH door's proof when the app is served over SSH,
        else this running client's own profile (claimed the first time it is needed)."""
        if "door" not in self.credentials and "profile" not in self.credentials:
            self.credentials["profile"] = claim_profile()
        return self.credentials

    def use_password(self, address: str, password: str | None) -> None:
        """Before a hello to address: keep password (in memory only, so reconnects in this run send it again), or
        with None keep the one typed for address and forget any other host's."""
        if password is not None:
            self.credentials["password"], self.password_host = password, address
        elif address != self.password_host:
            self.credentials.pop("password", None)
            self.password_host = ""
