"""Plain-English sentences of Coup and Reformation for events, the situation at the table, and moves: one wording
for the log, the screens and the replay (the words every card game shares are in core.cards.phrases)."""

from __future__ import annotations

from core.cards.events import Event
from core.cards.moves import Move
from core.cards.phrases import (
    ANSWER_LABELS,
    LOSS_REASONS,
    answer_label,
    article,
    cards_text,
    challenge_question,
    choose_an_action,
    coins_text,
    coins_verb,
    describe_shared,
    game_won,
    launches_coup,
    may_challenge,
    must_lose,
    plural,
    prove_it,
)
from core.cards.phrases import Speaker as Speaker  # the screens name seats with it
from core.cards.phrases import waiting_for as waiting_for  # part of this game's text (core.game.GameText)
from core.cards.rules import ACTIONS, ruleset
from core.cards.views import CoupView

NOUNS = {
    "income": "income",
    "foreign_aid": "foreign aid",
    "coup": "coup",
    "tax": "tax",
    "assassinate": "assassination",
    "steal": "steal",
    "exchange": "exchange",
    "examine": "examination",
    "convert": "conversion",
    "embezzle": "embezzlement",
}
REASONS = {**LOSS_REASONS, "assassinate": "assassination"}


def describe(event: Event, names: list[str] | tuple[str, ...], viewer: int | None) -> str | None:
    """One log sentence for event as viewer sees it, or None for nothing worth a line."""
    say = Speaker(names, viewer)
    seat, target, card, kind = event.seat, event.target, event.card, event.kind
    noun = NOUNS.get(event.what, event.what)
    if kind == "declare":
        return None if event.what in ("income", "convert") else declaration(say, seat, event.what, target, card)
    if kind == "challenge" and event.what == "denial":
        return f"{say.verb(seat, 'challenges', 'challenge')}: {say.who(target, False)} must hold {article(card or '')}!"
    if kind == "prove" and event.cards:
        shown = cards_text(event.cards)
        return f"{say.verb(seat, 'shows', 'show')} {shown}: no {card}. The cards go into the deck and are replaced."
    if kind == "replace":
        return f"{say.verb(seat, 'draws', 'draw')} {cards_text(event.cards)} as replacement."
    if kind == "concede" and event.what == "denial":
        return f"{say.verb(seat, 'does', 'do')} not show the cards: the challenge succeeds."
    if kind == "eliminated":
        coins = f"; {coins_verb(event.amount, 'goes', 'go')} back to the treasury" if event.amount else ""
        return f"{say.verb(seat, 'is', 'are')} out of the game{coins}."
    if kind == "refund":
        return f"{say.verb(seat, 'gets', 'get')} the {coins_text(event.amount)} back."
    if kind == "fail":
        return f"The {noun} fails."
    if kind == "block":
        return f"{say.verb(seat, 'claims', 'claim')} the {card} to block the {noun}."
    if kind == "blocked":
        return f"The {noun} is blocked."
    if kind == "fizzle":
        return f"{say.verb(target, 'is', 'are')} already out: the {noun} does nothing."
    if kind == "gain":
        source = {"income": "income", "foreign_aid": "foreign aid", "tax": "tax"}[event.what]
        return f"{say.verb(seat, 'takes', 'take')} {coins_text(event.amount)} ({source})."
    if kind == "steal":
        return f"{say.verb(seat, 'steals', 'steal')} {coins_text(event.amount)} from {say.who(target, False)}."
    if kind == "draw":
        return f"{say.verb(seat, 'draws', 'draw')} {plural(event.amount, 'card')} from the court deck."
    if kind == "exchanged":
        return f"{say.verb(seat, 'returns', 'return')} {plural(event.amount, 'card')} to the court deck."
    if kind == "chose":
        return f"{say.verb(seat, 'chooses', 'choose')} a card from the set of five."
    if kind == "dealt":
        return f"{say.verb(seat, 'is', 'are')} dealt {article(event.cards[0])}."
    if kind == "allegiances":
        return f"{say.verb(seat, 'chooses', 'choose')} {card}; allegiances alternate clockwise from there."
    if kind == "converted":
        pays = f"{say.verb(seat, 'pays', 'pay')} {event.amount} to the reserve and"
        if seat == target:
            return f"{pays} {'turn' if seat == viewer else 'turns'} {card}."
        return (
            f"{pays} {'convert' if seat == viewer else 'converts'} {say.who(target, False)}, now {article(card or '')}."
        )
    if kind == "embezzled":
        return f"{say.verb(seat, 'takes', 'take')} {coins_text(event.amount)} from the treasury reserve."
    if kind == "show":
        return f"{say.verb(seat, 'shows', 'show')} a card to {say.who(target, False)}."
    if kind == "shown":
        if seat == viewer:
            return f"You show your {event.cards[0]} to {say.who(target, False)}."
        return f"{say.who(seat)} shows {say.who(target, False)} {article(event.cards[0])}."
    if kind == "returned":
        return f"{say.verb(seat, 'gives', 'give')} the card back to {say.who(target, False)}."
    if kind == "forced":
        return f"{say.verb(seat, 'makes', 'make')} {say.who(target, False)} swap the card for a new one from the deck."
    return describe_shared(event, say, REASONS)


def declaration(say: Speaker, seat: int | None, kind: str, target: int | None, claim: str | None = None) -> str:
    """'Haig claims the Assassin to assassinate Natasha (pays 3).'"""
    claim = claim or ACTIONS[kind].claim
    victim = say.who(target, False)
    if kind == "income":
        return f"{say.verb(seat, 'takes', 'take')} income."
    if kind == "foreign_aid":
        return f"{say.verb(seat, 'asks', 'ask')} for foreign aid."
    if kind == "coup":
        return launches_coup(say, seat, target)
    if kind == "convert":
        whom = "to change sides" if seat == target else f"to convert {victim}"
        return f"{say.verb(seat, 'pays', 'pay')} the reserve {whom}."
    if kind == "embezzle":
        embezzles = "embezzle" if seat == say.viewer else "embezzles"
        return f"{say.verb(seat, 'claims', 'claim')} to have no Duke and {embezzles} the treasury reserve."
    purpose = {
        "tax": "take tax (3 coins)",
        "assassinate": f"assassinate {victim} (pays 3)",
        "steal": f"steal from {victim}",
        "exchange": "exchange cards with the court",
        "examine": f"examine {victim}",
    }[kind]
    return f"{say.verb(seat, 'claims', 'claim')} the {claim} to {purpose}."


def situation(view: CoupView) -> str:
    """What is going on now, in plain words, for the viewer."""
    names = [p.name for p in view.players]
    say = Speaker(names, view.viewer)
    pending, window = view.pending, view.window
    if window == "over":
        return game_won(say, view.winner)
    if window == "setup":
        return "Each player secretly chooses one card from a set of five."
    if window == "action":
        if view.viewer == view.active:
            return choose_an_action(view.legal)
        return f"{say.whose(view.active)} turn: choosing an action."
    if window == "lose":
        return must_lose(say, view.losing, view.loss_reason, REASONS)
    if window == "exchange":
        return f"{say.verb(view.active, 'is', 'are')} choosing which cards to keep."
    if window == "allegiance":
        return f"{say.verb(view.active, 'chooses', 'choose')} Loyalist or Reformist; the others alternate clockwise."
    assert pending is not None
    rules = ruleset(view.inquisitor, view.reformation)
    claim = declaration(say, pending.actor, pending.kind, pending.target, pending.claim)
    if window == "show":
        return f"{claim} {say.verb(pending.target, 'chooses', 'choose')} a card to show."
    if window == "examine":
        looks = say.verb(pending.actor, "looks", "look")
        return f"{looks} at {say.whose(pending.target)} card: give it back, or force an exchange."
    if window == "challenge_action":
        return f"{claim} {may_challenge(say, pending.actor, view.players)}"
    if window == "block":
        action = rules.actions[pending.kind]
        cards = " or ".join(action.blockers)
        who = (
            say.who(view.owed[0])
            if len(view.owed) == 1
            else "Anyone"
            if action.anyone_blocks
            else say.who(pending.target)
        )
        return f"{claim} {who} may block with the {cards}."  # (one seat left to answer: that one, by name)
    if window == "challenge_block":
        blocker = say.verb(pending.blocker, "claims", "claim")
        challenge = may_challenge(say, pending.blocker, view.players)
        return f"{blocker} the {pending.block_card} to block the {NOUNS[pending.kind]}. {challenge}"
    if window == "prove" and view.challenge is not None:
        c = view.challenge
        if not c.on_block and rules.actions[pending.kind].denies:
            challenger = say.verb(c.challenger, "challenges", "challenge")
            return f"{challenger} {say.whose(c.challenged)} claim to have no {c.card}: show the hand or concede."
        return prove_it(say, c.challenger, c.challenged, c.card)
    return ""


def challenge_prompt(view: CoupView) -> str:
    """The question before the viewer challenges the open claim (the action's, or the block's)."""
    pending = view.pending
    assert pending is not None
    say = Speaker([p.name for p in view.players], view.viewer)
    if view.window == "challenge_block" and pending.blocker is not None:
        return challenge_question(say, pending.blocker, pending.block_card or "")
    denied = ACTIONS[pending.kind].denies
    return challenge_question(say, pending.actor, denied or pending.claim or "", denial=denied is not None)


def move_label(move: Move, view: CoupView) -> str:
    """A short button label for move."""
    if move.kind == "embezzle":  # what it would take: the reserve may be empty
        return f"{ACTIONS[move.kind].label} {coins_text(view.reserve)}"
    if move.kind in ACTIONS:
        return ACTIONS[move.kind].label
    challenge = view.challenge
    denial = view.pending is not None and ACTIONS[view.pending.kind].denies is not None
    if move.kind == "prove" and challenge is not None and not challenge.on_block and denial:
        return "Show your hand"
    shared = answer_label(move, None if challenge is None else challenge.card)
    if shared is not None:
        return shared
    labels = {**ANSWER_LABELS, "return": "Give it back", "force": "Force an exchange"}
    return labels.get(move.kind, move.kind.title())
