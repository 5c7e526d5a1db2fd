"""Who a peer is: identities from proof (an SSH key, a client profile's secret, a resume code), the host's access
policy for both doors, and a throttle that slows password guessing without locking anyone out."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field

from netplay.names import look_alike

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O or 1/I: read off a screen and typed back
CODE_LENGTH = 8  # 40 bits: far beyond what throttled logins can guess
DIGITS = frozenset("23456789")  # the code alphabet's digits: a code has at least one
TRIMMED = " ._-"  # what is left of a name around a code taken out of it is trimmed of these
PROFILE_MIN = 16  # characters of a client profile's secret
IDENTITY_LIMIT = 100  # characters of an identity a door may assert


def digest(kind: str, secret: str) -> str:
    """kind:HEX, a one-way name for a secret: the host keeps and journals this, never the secret."""
    return f"{kind}:{hashlib.sha256(secret.encode()).hexdigest()[:32]}"


def profile_identity(secret: str) -> str:
    """The identity of a `coup join` profile (or `coup bot`) whose hello carries secret."""
    return digest("profile", secret)


def new_resume_code() -> str:
    """A short code a keyless SSH player reads off the screen to reclaim the seat later: always with a digit (nine in
    ten would have one anyway), which is how a name holding one is told from a name (read_codes)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not DIGITS.isdisjoint(code):
            return code


def code_identity(code: str) -> str:
    """The identity a resume code stands for."""
    return digest("code", code.upper())


def shown_identity(identity: str) -> str:
    """identity as a log line may show it: its kind and 6 hex digits (24 bits: a code, 40, is not found from it)."""
    kind, _, rest = identity.partition(":")
    return f"{kind}:{rest.rpartition(':')[2][:6]}" if rest else identity[:6]  # (key:SHA256:… shows its hash's)


def is_code_identity(identity: str) -> bool:
    """Whether identity is a resume code's (as code_identity makes them)."""
    return identity.startswith("code:")


def read_code(typed: str) -> str | None:
    """A code as typed ('k7qm-2xpa': any case, with or without its dash) as it is kept ('K7QM2XPA'); None if typed is
    not one."""
    code = typed.upper().replace("-", "")
    return code if len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code) else None


def split_username(username: str) -> tuple[str, str | None]:
    """An SSH user name as the player's name and what they typed as a resume code: 'ana+K7QM-2XPA' as ('ana',
    'K7QM-2XPA'); 'ana' as ('ana', None). Whatever follows the last '+' is a code, well formed or not (read_code
    tells), and never part of the name: a mistyped code would show most of the real one to everyone; the name before
    it is kept as typed (the host refuses one showing a code it gave). Without a '+', a code anywhere in the user name,
    however written ('K7QM-2XPA', 'ana.k7qm.2xpa', 'anaK7QM2XPA'), is tried as the code typed, and cut out of the name
    (read_codes): 'hunter22' as ('', 'HUNTER22'), which the door, if the host gave no such code, lets in afresh as
    'hunter22'."""
    name, plus, typed = username.rpartition("+")
    return (name, typed) if plus else read_codes(username)


def read_codes(text: str) -> tuple[str, str | None]:
    """(text with everything in it that reads as a resume code taken out, the last such code; None if none). What
    reads as a code, by one rule (codes_in): separators (anything but letters and digits) and case are ignored and
    look-alike letters read as Latin (netplay.names), and CODE_LENGTH characters of the code alphabet in a row holding
    a digit are a code (every code given holds one: a name like 'Margaret' is none). Each code found is cut out with
    the separators inside it, until none is left."""
    found = None
    while windows := _windows(text):
        start, end, code = windows[-1]
        found = found or code
        text = f"{text[:start].rstrip(TRIMMED)} {text[end:].lstrip(TRIMMED)}".strip()
    return text, found


def codes_in(text: str) -> list[str]:
    """Every resume code text can be read as showing (read_codes' rule), overlapping ones included, each once: what a
    name shown to others is checked against ('hunter22' shows 'HUNTER22'; 'AB2CDEFGH' both 'AB2CDEFG' and
    'B2CDEFGH')."""
    return list(dict.fromkeys(code for _, _, code in _windows(text)))


def _windows(text: str) -> list[tuple[int, int, str]]:
    """(start, end, the code) of each stretch of text that reads as a resume code (read_codes), in order."""
    windows, run = [], []  # run: the code alphabet's characters in a row so far, each with where it is in text
    for index, ch in enumerate(text):
        for folded in look_alike(ch).upper():
            if folded in CODE_ALPHABET:
                run.append((index, folded))
                window = run[-CODE_LENGTH:]
                if len(window) == CODE_LENGTH and not DIGITS.isdisjoint(folded for _, folded in window):
                    windows.append((window[0][0], index + 1, "".join(folded for _, folded in window)))
            elif folded.isalnum():  # a letter or digit of no code breaks the run; anything else is a separator
                run = []
    return windows


def shown_code(code: str) -> str:
    """'K7QM-2XPA': a code as the screen shows it."""
    return f"{code[:4]}-{code[4:]}"


@dataclass(frozen=True)
class HostPolicy:
    """The host's policy for both doors. password: every login needs it (over SSH the login itself, on the game
    port the hello); keys_only: an SSH key allow-list and no password, so the game port admits nobody but the SSH
    door; door_secret: what the SSH door proves itself with, so the host believes the identity it asserts."""

    password: str | None = None
    keys_only: bool = False
    door_secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))

    def password_matches(self, given: object) -> bool:
        """Whether given is the host's password (in constant time)."""
        expected = self.password or ""
        return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())

    def is_door(self, given: object) -> bool:
        """Whether given is the SSH door's secret."""
        return isinstance(given, str) and hmac.compare_digest(given.encode(), self.door_secret.encode())


class Throttle:
    """Failed logins slow the next attempts, from the same address and (more gently) from everywhere, so guesses
    cost time whichever addresses they come from; a right password is never refused, only made to wait."""

    def __init__(self, window: float = 60.0, per_address_free: int = 3, overall_free: int = 30, cap: float = 8.0):
        self.window, self.per_address_free, self.overall_free, self.cap = window, per_address_free, overall_free, cap
        self._by_address: dict[str, deque[float]] = defaultdict(deque)
        self._overall: deque[float] = deque()
        self._swept = time.monotonic()

    def _recent(self, times: deque[float], now: float) -> int:
        while times and now - times[0] > self.window:
            times.popleft()
        return len(times)

    def counts(self, address: str) -> tuple[int, int]:
        """The failures within the window from address, and from everywhere."""
        now = time.monotonic()
        mine = self._recent(self._by_address[address], now)
        if not mine:
            del self._by_address[address]  # an address with no recent failure costs no memory
        return mine, self._recent(self._overall, now)

    def delay(self, address: str) -> float:
        """Seconds to wait before judging the next attempt from address."""
        mine, everyone = self.counts(address)
        mine, everyone = mine - self.per_address_free, everyone - self.overall_free
        wait = max(0.0, 0.25 * 2 ** min(mine, 6) if mine > 0 else 0.0, 0.05 * everyone if everyone > 0 else 0.0)
        return min(self.cap, wait)

    def failed(self, address: str) -> None:
        """Count a failed attempt from address; once a window, forget the addresses with no recent failure (each
        fresh identity failing once would otherwise stay for good)."""
        now = time.monotonic()
        self._by_address[address].append(now)
        self._overall.append(now)
        if now - self._swept > self.window:
            self._swept = now
            for quiet in [key for key, times in self._by_address.items() if not self._recent(times, now)]:
                del self._by_address[quiet]
