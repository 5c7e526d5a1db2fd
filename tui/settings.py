"""Per-player settings of the app (one set per app, so each SSH session can have its own)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from netplay.storage import claim_profile


def fresh_seed() -> int:
    """A new random seed for a game whose seed the player left blank."""
    return random.SystemRandom().randrange(1, 1_000_000)


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
    SSH player's resume code)."""

    bot_delay: float = 0.6
    confirm: bool = True
    player_name: str = "Player"
    new_seed: Callable[[], int] = field(default=fresh_seed)
    save_records: bool = True
    identity: str = ""
    credentials: dict[str, str] = field(default_factory=dict)
    password_host: str = ""
    """The host (HOST:PORT) the password in credentials was typed for; no other host is ever sent it."""
    name_fixed: bool = False
    notice: str = ""

    def stats_key(self) -> str:
        """Whose games and wins these are: the SSH key's identity, else the player's name."""
        return self.identity or f"name:{self.player_name}"

    def host_credentials(self) -> dict[str, str]:
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
