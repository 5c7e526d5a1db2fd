"""The G54 rule bot: reads each role's data (cost, gain, whom it hurts, who blocks it), counts the
visible cards, bluffs roles still possible, and challenges by the odds."""

from __future__ import annotations

import random
from math import comb

from core.cards.g54.roles import BY_KIND, COPIES, EVERYONE, FRIEND, RICH_POOR, ROLES, Role
from core.cards.g54.state import G54Player
from core.cards.g54.views import G54View
from core.cards.moves import Move, is_one_of, move
from core.cards.rules import COUP_COST

PASS, CHALLENGE = move("pass"), move("challenge")
INFLUENCE_WORTH = 7.5  # one influence is worth about a Coup's 7 coins
CHALLENGE_AT = 0.15  # challenge a claim when the claimant holds the role with less than this chance
CHALLENGE_HURTS_ME = 0.3  # ... or less than this when the claim hurts the viewer
STALL_TURN = 60  # after this many turns only coins from the treasury and attacks count: no endless trading
BLUFF_DISCOUNT = 0.45  # a bluffed action is worth this share of a true one (the risk of a challenge)
STRONG = 4.0  # a role worth at least this (see role_worth) makes a hand worth keeping
TYPICAL_PURSE = 3  # coins a player typically holds when it doubles them (Speculator)
TYPICAL_REACH = {EVERYONE: 2, RICH_POOR: 0}  # players a role typically takes coins from for its actor
FUNDED = 0.6  # the share of its harm an action that needs another player's funding is worth
PATIENCE = 3  # Income turns in a row after which a person claims a better action if one is reasonably safe
BETTER_THAN_INCOME = 2.0  # a better action is worth this: a net coin more than Income, or an attack
SPY = "Spy"
SPY_FOLLOW_UP = 1.0  # the Spy's second action is worth at least the Income it may take
OWN_TOKENS = {"Peacekeeping": lambda v: v.peacekeeper, "Tax": lambda v: v.collector}
"""The tokens a player takes for itself, and who holds each now: taking one already held gains nothing."""


def role_worth(role: Role) -> float:
    """What holding role is worth, from its data: the coins it brings, the harm it does, that it blocks,
    reacts, takes a token or draws cards."""
    coins = role.gain_for(TYPICAL_PURSE) + role.takes * TYPICAL_REACH.get(role.aim, 1)
    harm = {"influence": INFLUENCE_WORTH, "coins": 1.5}.get(role.harm, 0.0)
    worth = 1.0 + coins * 0.7 + harm * 0.6 - role.price * 0.15
    worth += 1.0 if role.blocks else 0.0
    worth += 1.5 if role.reactive else 0.0
    worth += 0.8 if role.token else 0.0
    return worth + (0.8 if role.draws else 0.0)


def coin_grab(taken: int) -> float:
    """Coins taken from others: worth a little more than their count (a rival is poorer), but a grab of a
    single coin is worth less than Income, so two players never trade the same coin back and forth."""
    return taken * 1.2 if taken >= 2 else taken * 0.7


def coups_bought(coins: int) -> int:
    """How many Coups coins pay for."""
    return max(coins, 0) // COUP_COST


def me(view: G54View) -> G54Player:
    """The viewer's seat."""
    assert view.viewer is not None
    return view.players[view.viewer]


def hand(view: G54View) -> tuple[str, ...]:
    """The viewer's face-down cards."""
    return view.own_hand() or ()


def lost_face_down(view: G54View) -> tuple[str, ...]:
    """The cards the viewer lost face down."""
    return view.lost_face_down(me(view).seat)


def unseen(view: G54View, role: str) -> int:
    """Copies of role neither revealed nor in the viewer's hand or lost face down (counted for that role alone: the
    bot asks for every action it weighs, and an expert's play-outs weigh thousands)."""
    seen = hand(view).count(role) + lost_face_down(view).count(role)
    for player in view.players:
        seen += player.revealed.count(role)
    return max(0, COPIES - seen)


def holds_chance(view: G54View, seat: int, role: str) -> float:
    """P(seat holds role), if the cards the viewer has not seen (the deck, the others' hands and the cards
    they lost face down) were dealt at random."""
    hidden = COPIES * len(view.roles) - sum(len(p.revealed) for p in view.players)
    hidden -= len(hand(view)) + len(lost_face_down(view))
    return odds(hidden, unseen(view, role), view.players[seat].influence)


def odds(hidden: int, copies: int, cards: int) -> float:
    """P(a hand of cards dealt at random from hidden cards holds one of copies)."""
    return 1.0 - comb(hidden - copies, cards) / comb(hidden, cards) if copies and cards else 0.0


def looks_held(view: G54View, role: str) -> float:
    """P(the viewer holds role) as the others see it: its cards among all those not revealed."""
    hidden = COPIES * len(view.roles) - sum(len(p.revealed) for p in view.players)
    return odds(hidden, COPIES - sum(p.revealed.count(role) for p in view.players), me(view).influence)


def threat(view: G54View, seat: int) -> float:
    """How dangerous an opponent is: influence first, then coins."""
    player = view.players[seat]
    return player.influence * 10 + player.coins


def reached(view: G54View) -> list[G54Player]:
    """The players an action on everyone would reach: not the viewer, the Peacekeeper or a treaty partner."""
    partner = view.viewer in view.treaty
    return [
        p
        for p in view.players
        if p.alive and p.seat not in (view.viewer, view.peacekeeper) and not (partner and p.seat in view.treaty)
    ]


DECIDERS = {
    "action": "act",
    "claim": "answer_claim",
    "react": "answer_reaction",
    "prove": "prove",
    "join": "join",
    "fund": "fund",
    "block": "block",
    "lose": "lose",
    "exchange": "keep",
    "give": "give",
    "produce": "produce",
    "extort": "extort",
    "lawyer": "lawyer",
}
"""The rule bot's method that answers each window (looked up by name: a play-out asks a bot every move)."""


class G54RuleBot:
    """Plays the roles it holds, bluffs roles still possible, challenges by the odds, blocks what it can."""

    name = "rule"

    def __init__(self, seed: int, bluff: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.bluff = bluff
        self.incomes = 0  # the Income turns the bot took in a row
        self.last_turn = -1  # the turn of its last action (a lower one starts a new game)

    def choose(self, view: G54View) -> Move:
        """One of view.legal."""
        decide = DECIDERS.get(view.window)
        chosen = getattr(self, decide)(view) if decide else None
        return chosen if chosen is not None and is_one_of(chosen, view.legal) else view.legal[0]

    # -- my turn ---------------------------------------------------------------------------

    def act(self, view: G54View) -> Move:
        """The best-valued legal action: Coup when affordable, else roles held, else a possible bluff; after PATIENCE
        Income turns in a row, a bluff worth more than Income if one is reasonably safe."""
        coups = [m for m in view.legal if m.kind == "coup"]
        if coups and me(view).coins >= COUP_COST:
            move = max(coups, key=lambda m: threat(view, m.target or 0))
        else:
            move = max((self.value(view, m), i, m) for i, m in enumerate(view.legal))[2]
        if view.turn < self.last_turn:  # a new game
            self.incomes = 0
        self.last_turn = view.turn
        if move.kind == "income" and self.incomes >= PATIENCE:
            move = self.better_than_income(view) or move
        self.incomes = self.incomes + 1 if move.kind == "income" and not view.spying else 0
        return move

    def better_than_income(self, view: G54View) -> Move | None:
        """The action worth most, held or bluffed, if it is worth BETTER_THAN_INCOME, no one it hurts is expected to
        block it, and the others would not challenge it by the odds; None when Income is as good as anything reasonably
        safe. Draws nothing from the bot's random numbers."""
        options = []
        for i, option in enumerate(view.legal):
            role = BY_KIND.get(option.kind)
            if role is None or self.expects_blocks(view, role, option):
                continue
            if role.name not in hand(view) and (
                not unseen(view, role.name) or looks_held(view, role.name) < CHALLENGE_AT
            ):
                continue
            worth = self.effect_worth(view, role, option)
            if worth >= BETTER_THAN_INCOME:
                options.append((worth, i, option))
        return max(options)[2] if options else None

    def value(self, view: G54View, move: Move) -> float:
        """What move is worth to the viewer now, in coins."""
        if move.kind == "income":
            return 1.0
        if move.kind == "coup":
            return 0.0
        role = BY_KIND[move.kind]
        worth = self.effect_worth(view, role, move)
        if self.expects_blocks(view, role, move):
            worth = -float(role.cost)  # those it hurts have said they hold the role: expect the blocks
        if role.name in hand(view):
            return worth
        if unseen(view, role.name) == 0 or self.rng.random() > self.bluff * 3:
            return -1.0
        return worth * BLUFF_DISCOUNT

    @staticmethod
    def expects_blocks(view: G54View, role: Role, move: Move) -> bool:
        """Whether everyone the action would hurt has claimed its role, and so can block it (two Generals
        blocking each other's General forever would never reach a Coup)."""
        if role.blocks == "target":
            return move.target is not None and role.name in view.players[move.target].claims
        if role.blocks != "each":
            return False
        hurt = reached(view)
        return bool(hurt) and all(role.name in p.claims for p in hurt)

    def effect_worth(self, view: G54View, role: Role, move: Move) -> float:
        """The role's data turned into coins: gain, harm to others, coins taken, draws, tokens; minus the cost.
        After STALL_TURN only coins from the treasury and attacks count: no endless trading of coins."""
        target = view.players[move.target] if move.target is not None else None
        worth = float(role.gain_for(me(view).coins) - role.cost) + (SPY_FOLLOW_UP if role.name == SPY else 0.0)
        harm = self.harm_worth(view, role, target)
        stalled = view.turn > STALL_TURN
        taken = 0.0 if stalled else self.taken_worth(view, role, move)
        if role.fine:  # the target pays or refuses (it loses an influence, we pay the fine): the worse for us
            worth += min(taken, harm - role.fine)  # so a target too poor to pay is not worth the fine
        elif role.funding:
            funders = [p for p in view.players if p.alive and p.seat not in (view.viewer, move.target)]
            worth += harm * FUNDED if any(p.coins >= role.funding for p in funders) else 0.0
        else:
            worth += harm + taken
        if stalled:
            return worth
        if role.draws:
            weak = len(set(hand(view))) < len(hand(view)) or not self.strong_hand(view)
            worth += (1.5 if weak else 0.3) + 0.3 * role.draws
        if role.gives and role.aim == FRIEND and target is not None:
            poorest = min(p.coins for p in view.players if p.alive and p.seat != view.viewer)
            worth += 0.5 if target.coins <= poorest else -0.5
        if role.token:
            worth += self.token_worth(view, role, target)
        return worth

    @staticmethod
    def harm_worth(view: G54View, role: Role, target: G54Player | None) -> float:
        """The influence an attack costs those it reaches (a last card counts more)."""
        if role.harm != "influence":
            return 0.0
        hit = len(reached(view)) if role.aim == EVERYONE else 1
        return INFLUENCE_WORTH * hit * (1.2 if target is not None and target.influence == 1 else 1.0)

    @staticmethod
    def taken_worth(view: G54View, role: Role, move: Move) -> float:
        """The coins the action takes from its target or from everyone; the Communist's move to the poorest,
        good when that is the viewer or the richest is a rival."""
        if not role.takes:
            return 0.0
        if role.aim == RICH_POOR:
            richest, poorest = view.players[move.target or 0], view.players[move.other or 0]
            moved = min(role.takes, richest.coins)
            if poorest.seat == view.viewer:
                return moved * 1.2
            return -moved if richest.seat == view.viewer else moved * 0.3
        payers = reached(view) if role.aim == EVERYONE else [view.players[move.target or 0]]
        return coin_grab(sum(min(p.coins, role.takes) for p in payers))

    @staticmethod
    def token_worth(view: G54View, role: Role, target: G54Player | None) -> float:
        """A token taken for oneself is worth having unless already held; a treaty is worth most with the
        strongest rival and nothing once only two players remain (it lapses)."""
        if role.token in OWN_TOKENS:
            return 0.0 if OWN_TOKENS[role.token](view) == view.viewer else 1.5
        if role.aim != FRIEND or target is None:
            return 0.0  # a token on a target (Disappear): its worth is the harm
        others = [p.seat for p in view.players if p.alive and p.seat != view.viewer]
        strongest = max(others, key=lambda s: threat(view, s))
        useful = len(others) > 2 and target.seat not in view.treaty
        return (1.5 if target.seat == strongest else 0.5) if useful else -1.0

    def strong_hand(self, view: G54View) -> bool:
        """True when the hand holds a role worth playing."""
        return any(role_worth(ROLES[c]) >= STRONG for c in hand(view))

    # -- answering others -------------------------------------------------------------------

    def hurts_me(self, view: G54View) -> bool:
        """Whether the open claim works against the viewer."""
        pending, claim = view.pending, view.claim
        if claim is None:
            return False
        if claim.kind == "block" and pending is not None:
            return pending.actor == view.viewer
        if pending is None or claim.kind != "action":
            return claim.kind == "lawyer"
        role = ROLES[pending.role or ""]
        return pending.target == view.viewer or (role.aim == "everyone" and view.peacekeeper != view.viewer)

    def answer_claim(self, view: G54View) -> Move:
        """Challenge a claim whose role the claimant probably lacks (sooner when it hurts the viewer)."""
        claim = view.claim
        if claim is None:
            return PASS
        chance = holds_chance(view, claim.seat, claim.role)
        threshold = CHALLENGE_HURTS_ME if self.hurts_me(view) else CHALLENGE_AT
        if me(view).influence == 1:
            threshold *= 0.5
        return CHALLENGE if chance < threshold else PASS

    @staticmethod
    def prove(view: G54View) -> Move:
        """Show the challenged role (where the window does not offer it, choose plays the first legal move)."""
        return move("prove")

    def answer_reaction(self, view: G54View) -> Move:
        """Challenge an unlikely reactive claim, above all a Missionary saving a last card."""
        claim = view.claim
        if claim is None:
            return PASS
        claimant = view.players[claim.seat]
        chance = holds_chance(view, claim.seat, claim.role)
        stakes = CHALLENGE_HURTS_ME if claim.role == "Missionary" and claimant.influence == 0 else CHALLENGE_AT
        return CHALLENGE if chance < stakes * (0.5 if me(view).influence == 1 else 1.0) else PASS

    def block(self, view: G54View) -> Move:
        """Block with the role when held; bluff the block when the action would cost an influence."""
        assert view.pending is not None and view.pending.role is not None
        role = view.pending.role
        if role in hand(view):
            return move("block", card=role)
        deadly = ROLES[role].harm == "influence"
        if unseen(view, role) and deadly and (me(view).influence == 1 or self.rng.random() < self.bluff * 2):
            return move("block", card=role)
        return PASS

    def join(self, view: G54View) -> Move:
        """Join a Capitalist action when holding the Capitalist (rarely as a bluff)."""
        if "Capitalist" in hand(view) or (unseen(view, "Capitalist") and self.rng.random() < self.bluff):
            return move("join")
        return PASS

    def fund(self, view: G54View) -> Move:
        """Pay for a protest against the strongest rival when coins allow."""
        pending = view.pending
        if pending is None or pending.target is None:
            return PASS
        rivals = [p.seat for p in view.players if p.alive and p.seat != view.viewer]
        strongest = max(rivals, key=lambda s: threat(view, s))
        keeps = ROLES[pending.role or ""].funding + 2  # coins left after paying
        return move("join") if pending.target == strongest and me(view).coins >= keeps else PASS

    def extort(self, view: G54View) -> Move:
        """Pay the Crime Boss, or refuse: lose an influence while the Crime Boss pays its fine. Paying costs the
        coins, a share of any Coup they give the Crime Boss (one the fine would have taken away; it may strike
        any rival) and half of any Coup of the viewer's they delay: refuse when that is more than an
        influence is worth. A last card is always saved."""
        pending, mine = view.pending, me(view)
        if move("pay") not in view.legal or pending is None:
            return move("refuse")
        if mine.influence == 1:
            return move("pay")
        role, boss = ROLES[pending.role or ""], view.players[pending.actor]
        rivals = sum(p.alive for p in view.players) - 1
        boss_coups = coups_bought(boss.coins + role.takes) - coups_bought(boss.coins - role.fine)
        my_coups = coups_bought(mine.coins) - coups_bought(mine.coins - role.takes)
        paying = role.takes + (boss_coups / rivals + my_coups / 2) * INFLUENCE_WORTH
        return move("refuse") if paying > INFLUENCE_WORTH else move("pay")

    def lose(self, view: G54View) -> Move:
        """Reveal the weakest card, unless a reactive claim pays: true ones always, a Missionary on the last card."""
        cards = sorted(dict.fromkeys(hand(view)), key=lambda c: role_worth(ROLES[c]))  # ties: in hand order
        reactive = {m.kind: m for m in view.legal if m.kind in ("intellectual", "missionary")}
        for kind in ("missionary", "intellectual"):
            if kind.title() in hand(view) and kind in reactive:
                return move(kind, card=kind.title())
        if "missionary" in reactive and me(view).influence == 1:
            return move("missionary", card=cards[0])
        if reactive and self.rng.random() < self.bluff:
            return move(next(iter(reactive)), card=cards[0])
        return move("reveal", card=cards[0])

    def best(self, cards: list[str], count: int) -> tuple[str, ...]:
        """The count cards most worth holding, preferring different roles."""
        chosen: list[str] = []
        for card in sorted(cards, key=lambda c: -role_worth(ROLES[c])):
            if len(chosen) < count and card not in chosen:
                chosen.append(card)
        for card in sorted(cards, key=lambda c: -role_worth(ROLES[c])):
            if len(chosen) < count and chosen.count(card) < cards.count(card):
                chosen.append(card)
        return tuple(sorted(chosen))

    def keep(self, view: G54View) -> Move:
        """Keep the best cards; a Writer draws again while rich and short of a strong role."""
        if move("draw") in view.legal and me(view).coins >= 4 and not self.strong_hand(view):
            return move("draw")
        return move("keep", cards=self.best([*hand(view), *view.drawn], len(hand(view))))

    def give(self, view: G54View) -> Move:
        """Hand the Producer the weakest card."""
        return move("give", card=min(hand(view), key=lambda c: role_worth(ROLES[c])))

    def produce(self, view: G54View) -> Move:
        """Keep the best, give the target the weakest."""
        pool = [*hand(view), *([view.given] if view.given else []), *view.drawn]
        kept = self.best(pool, len(hand(view)))
        rest = list(pool)
        for card in kept:
            rest.remove(card)
        return move("keep", card=min(rest, key=lambda c: role_worth(ROLES[c])), cards=kept)

    def lawyer(self, view: G54View) -> Move:
        """Claim an estate when holding the Lawyer, or bluff for a rich one."""
        rich = view.estate is not None and view.estate[1] >= 4
        if "Lawyer" in hand(view) or (rich and unseen(view, "Lawyer") and self.rng.random() < self.bluff):
            return move("claim")
        return PASS
