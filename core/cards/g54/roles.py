"""The 25 roles of Coup: Rebellion G54 as data: group, cost, what each gains, hurts and blocks."""

from __future__ import annotations

import functools
from dataclasses import dataclass

FINANCE, COMMUNICATIONS, FORCE, SPECIAL = "Finance", "Communications", "Force", "Special Interests"
GROUPS = (FINANCE, COMMUNICATIONS, FORCE, SPECIAL)
PER_GROUP = {FINANCE: 1, COMMUNICATIONS: 1, FORCE: 1, SPECIAL: 2}
COPIES = 3

NONE, ONE, EVERYONE, FRIEND, RICH_POOR, ROLE = "none", "one", "everyone", "friend", "rich_poor", "role"
"""How an action picks who it affects: nobody, one target, every other player, a friendly choice,
the richest and the poorest, or a role in play (Customs Officer)."""


@dataclass(frozen=True)
class Role:
    """One role: its action's cost, what it needs in hand, gains and whom it hurts, and its block.
    harm is "influence" or "coins" (what the affected players lose); blocks is who may block
    (nobody, "target" or "each" affected player) by claiming this same role. The numbers its effect uses:
    gain coins from the treasury (doubles: as many as the actor holds, at most gain); takes coins from
    each player it reaches (the Communist's go to the poorest); gives coins to each friend or joiner;
    a target that refuses costs the actor fine coins; funding coins another player pays for it to go
    ahead; draws cards (the Producer's besides the one it is given, the Writer's free one)."""

    name: str
    group: str
    advanced: bool
    action: str
    block: str = ""
    cost: int = 0
    needs: int = 0
    gain: int = 0
    doubles: bool = False
    takes: int = 0
    gives: int = 0
    fine: int = 0
    funding: int = 0
    draws: int = 0
    aim: str = NONE
    harm: str = ""
    blocks: str = ""
    reactive: bool = False
    token: str = ""

    @functools.cached_property
    def kind(self) -> str:
        """The move kind of this role's action: 'crime_boss' for Crime Boss (worked out once: a role is frozen, and
        the legal moves of every turn ask it of every role in play)."""
        return slug(self.name)

    @property
    def has_action(self) -> bool:
        """Intellectual, Lawyer and Missionary have no turn action."""
        return not self.reactive

    @functools.cached_property
    def price(self) -> int:
        """Coins a player must hold to declare the action (before any tax; worked out once, as kind)."""
        return max(self.cost, self.needs)

    def gain_for(self, coins: int) -> int:
        """Coins the action takes from the treasury for a player holding coins."""
        return min(coins, self.gain) if self.doubles else self.gain


def slug(name: str) -> str:
    """'Crime Boss' -> 'crime_boss'."""
    return name.lower().replace(" ", "_")


ROLE_LIST: tuple[Role, ...] = (
    Role("Banker", FINANCE, False, "Take 3 coins.", gain=3),
    Role(
        "Capitalist",
        FINANCE,
        True,
        "Take 4 coins; others may join by claiming Capitalist, and you pay 1 coin to each joiner.",
        gain=4,
        gives=1,
    ),
    Role("Farmer", FINANCE, False, "Take 3 coins: keep 2, give 1 to another player.", gain=2, gives=1, aim=FRIEND),
    Role(
        "Speculator",
        FINANCE,
        True,
        "Gain as many coins as you hold (at most 5). Caught lying: give all your coins to the challenger.",
        gain=5,
        doubles=True,
    ),
    Role("Spy", FINANCE, False, "Take 1 coin, then take another action (not Spy).", gain=1),
    Role("Director", COMMUNICATIONS, False, "Exchange: draw 2 cards, keep as many as your influence.", draws=2),
    Role("Newscaster", COMMUNICATIONS, False, "Pay 1; draw 3 cards, keep as many as your influence.", cost=1, draws=3),
    Role(
        "Producer",
        COMMUNICATIONS,
        True,
        "Target gives you a card of its choice; draw 1; keep your influence, give 1 card back, return the rest.",
        "Target blocks with Producer.",
        draws=1,
        aim=ONE,
        blocks="target",
    ),
    Role("Reporter", COMMUNICATIONS, False, "Take 1 coin; draw 1 card, return 1.", gain=1, draws=1),
    Role(
        "Writer",
        COMMUNICATIONS,
        True,
        "Draw 1 card free, then pay 1 for each extra draw; return as many as drawn.",
        draws=1,
    ),
    Role(
        "Crime Boss",
        FORCE,
        True,
        "Needs 5 coins. Target pays you 2, or refuses: you pay 5 and the target loses an influence.",
        needs=5,
        takes=2,
        fine=5,
        aim=ONE,
        harm="influence",
    ),
    Role(
        "General",
        FORCE,
        False,
        "Pay 5: every other player loses an influence.",
        "Each player blocks for itself with General.",
        cost=5,
        aim=EVERYONE,
        harm="influence",
        blocks="each",
    ),
    Role(
        "Guerrilla",
        FORCE,
        False,
        "Pay 4: target loses an influence.",
        "Target blocks with Guerrilla.",
        cost=4,
        aim=ONE,
        harm="influence",
        blocks="target",
    ),
    Role(
        "Judge",
        FORCE,
        False,
        "Pay 3 to the target: it loses an influence (it keeps the 3 even if it blocks).",
        "Target blocks with Judge.",
        cost=3,
        aim=ONE,
        harm="influence",
        blocks="target",
    ),
    Role(
        "Mercenary",
        FORCE,
        True,
        "Pay 3: Disappear token on the target; it loses an influence at the end of its next turn.",
        "Target blocks with Mercenary when the token is placed.",
        cost=3,
        aim=ONE,
        harm="influence",
        blocks="target",
        token="Disappear",
    ),
    Role(
        "Communist",
        SPECIAL,
        True,
        "Name the richest and the poorest player: up to 3 coins move from richest to poorest.",
        "The richest blocks with Communist.",
        takes=3,
        aim=RICH_POOR,
        harm="coins",
        blocks="target",
    ),
    Role(
        "Customs Officer",
        SPECIAL,
        True,
        "Take the Tax tokens and tax a role: others pay you 1 coin whenever they claim it.",
        aim=ROLE,
        token="Tax",
    ),
    Role(
        "Foreign Consular",
        SPECIAL,
        True,
        "Make a treaty with a player: neither of you may target the other.",
        aim=FRIEND,
        token="Treaty",
    ),
    Role(
        "Intellectual", SPECIAL, False, "Reactive: when you lose an influence, claim it to take 5 coins.", reactive=True
    ),
    Role(
        "Lawyer",
        SPECIAL,
        False,
        "Reactive: when a player is eliminated, claim it to take all its coins.",
        reactive=True,
    ),
    Role(
        "Missionary",
        SPECIAL,
        True,
        "Reactive: when you lose an influence (not to a Coup), claim it to draw a replacement.",
        reactive=True,
    ),
    Role(
        "Peacekeeper",
        SPECIAL,
        False,
        "Take 1 coin and the Peacekeeping token: only a Coup can target you.",
        gain=1,
        token="Peacekeeping",
    ),
    Role(
        "Politician",
        SPECIAL,
        False,
        "Take up to 2 coins from the target.",
        "Target blocks with Politician.",
        takes=2,
        aim=ONE,
        harm="coins",
        blocks="target",
    ),
    Role(
        "Priest",
        SPECIAL,
        False,
        "Every other player gives you 1 coin.",
        "Each payer blocks for itself with Priest.",
        takes=1,
        aim=EVERYONE,
        harm="coins",
        blocks="each",
    ),
    Role(
        "Protestor",
        SPECIAL,
        True,
        "Pay 2 and name a target; if another player joins by paying 3, the target loses an influence.",
        "Target blocks with Protestor (if someone joined).",
        cost=2,
        funding=3,
        aim=ONE,
        harm="influence",
        blocks="target",
    ),
)
ROLES: dict[str, Role] = {role.name: role for role in ROLE_LIST}
BY_KIND: dict[str, Role] = {role.kind: role for role in ROLE_LIST}
FIRST_GAME = ("Banker", "Director", "Guerrilla", "Politician", "Peacekeeper")


def role_named(text: str) -> Role:
    """The role a player typed: 'crime-boss', 'crime_boss' and 'Crime Boss' all name Crime Boss."""
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return BY_KIND[key]
    except KeyError:
        raise ValueError(f"unknown role {text!r}; known: {', '.join(sorted(BY_KIND))}") from None


def check_roles(names: tuple[str, ...]) -> None:
    """ValueError unless names are five roles: 1 Finance, 1 Communications, 1 Force, 2 Special Interests."""
    unknown = list(dict.fromkeys(n for n in names if n not in ROLES))
    if unknown:
        raise ValueError(f"unknown roles: {', '.join(unknown)}")
    if len(set(names)) != len(names):
        raise ValueError("a role can be in play only once")
    counts = {group: sum(ROLES[n].group == group for n in names) for group in GROUPS}
    if counts != PER_GROUP:
        wanted = ", ".join(f"{n} {g}" for g, n in PER_GROUP.items())
        raise ValueError(f"five roles are in play: {wanted} (got {', '.join(names)})")


@functools.cache
def group_roles(group: str, advanced: bool) -> tuple[str, ...]:
    """The roles of group a random draw may take, basic only unless advanced."""
    return tuple(r.name for r in ROLE_LIST if r.group == group and (advanced or not r.advanced))


def in_play_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """names sorted by group then as printed, the order the screens list them in."""
    order = {r.name: i for i, r in enumerate(ROLE_LIST)}
    return tuple(sorted(names, key=order.__getitem__))
