"""Plain-English sentences of G54: events for the log, the situation at the table, and move labels (the words every
card game shares are in core.cards.phrases)."""

from __future__ import annotations

from core.cards.events import Event
from core.cards.g54.roles import BY_KIND, ROLES
from core.cards.g54.views import G54View
from core.cards.moves import Move
from core.cards.phrases import (
    ANSWER_LABELS,
    LOSS_REASONS,
    Speaker,
    answer_label,
    article,
    cards_text,
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
from core.cards.phrases import waiting_for as waiting_for  # part of this game's text (core.game.GameText)

LOST_TO = {
    "challenge": "in a challenge",
    "coup": "to a coup",
    "disappear": "to a Disappear token",
    "crime_boss": "by refusing the Crime Boss",
    "general": "to the General",
    "guerrilla": "to the Guerrilla",
    "judge": "to the Judge",
    "protestor": "to the protest",
}
"""How a card was lost, after 'the card lost' (a reactive claim's sentence)."""
REASONS = {
    **LOSS_REASONS,
    "disappear": "Disappear token",
    "crime_boss": "refused the Crime Boss",
    "general": "General",
    "guerrilla": "Guerrilla",
    "judge": "Judge",
    "protestor": "protest",
}


def purpose(say: Speaker, kind: str, target: int | None, other: int | None, card: str | None) -> str:
    """What a role action does, in a few words: 'take 3 coins', 'make Natasha lose an influence'."""
    victim = say.who(target, False)
    phrases = {
        "banker": "take 3 coins",
        "capitalist": "take 4 coins (others may join)",
        "farmer": f"take 3 coins and give 1 to {victim}",
        "speculator": "double their coins (up to 5)",
        "spy": "take 1 coin and act again",
        "director": "draw 2 cards",
        "newscaster": "pay 1 and draw 3 cards",
        "producer": f"swap cards with {victim}",
        "reporter": "take 1 coin and draw a card",
        "writer": "draw cards",
        "crime_boss": f"extort {victim}",
        "general": "make every other player lose an influence (costs 5)",
        "guerrilla": f"make {victim} lose an influence (costs 4)",
        "judge": f"pay {victim} 3 coins to make them lose an influence",
        "mercenary": f"put a Disappear token on {victim} (costs 3)",
        "communist": f"move up to 3 coins from {victim} to {say.who(other, False)}",
        "customs_officer": f"tax the {card}",
        "foreign_consular": f"sign a treaty with {victim}",
        "peacekeeper": "take 1 coin and the Peacekeeping token",
        "politician": f"take up to 2 coins from {victim}",
        "priest": "take 1 coin from every other player",
        "protestor": f"protest against {victim} (costs 2; needs a volunteer paying 3)",
    }
    return phrases[kind]


def describe(event: Event, names: list[str] | tuple[str, ...], viewer: int | None) -> str | None:
    """One log sentence for event as viewer sees it, or None for nothing worth a line."""
    say = Speaker(names, viewer)
    seat, target, card, kind, amount = event.seat, event.target, event.card, event.kind, event.amount
    if kind == "declare" and event.what == "coup":
        return launches_coup(say, seat, target)
    if kind == "declare":
        other = amount if event.what == "communist" else None
        doing = purpose(say, event.what, target, other, event.cards[0] if event.cards else None)
        return f"{say.verb(seat, 'claims', 'claim')} the {card} to {doing}."
    if kind == "gain":
        source = BY_KIND[event.what].name if event.what in BY_KIND else event.what
        return f"{say.verb(seat, 'takes', 'take')} {coins_text(amount)} ({source})."
    if kind == "give":
        return f"{say.verb(seat, 'gives', 'give')} {coins_text(amount)} to {say.who(target, False)}."
    if kind == "pay" and target is not None:
        return f"{say.verb(seat, 'pays', 'pay')} {say.who(target, False)} {coins_text(amount)}."
    if kind == "pay":
        return f"{say.verb(seat, 'pays', 'pay')} {coins_text(amount)} to the treasury."
    if kind == "tax":
        return f"{say.verb(seat, 'pays', 'pay')} {say.who(target, False)} 1 coin of tax for claiming the {card}."
    if kind == "replace":
        return f"{say.verb(seat, 'draws', 'draw')} {cards_text(event.cards)}."
    if kind == "forfeit":
        return (
            f"Caught lying as Speculator, {say.who(seat, False)} {'hand' if seat == viewer else 'hands'} all "
            f"{amount} coins to {say.who(target, False)}."
        )
    if kind == "react":
        lost = LOST_TO.get(event.what, f"({event.what})")
        claims = say.verb(seat, "claims", "claim")
        return f"{claims} the {card} for the card lost {lost}: it is set aside face down, unseen."
    if kind == "shown_aside":
        verdict = "it was true" if event.what == "true" else "it was a bluff"
        return f"The card set aside is {article(card or '')}: {verdict}."
    if kind == "missionary":
        return f"{say.verb(seat, 'draws', 'draw')} a replacement card, as the Missionary allows."
    if kind == "eliminated" and event.what == "treasury":  # no Lawyer in play
        coins = f"; {say.whose(seat)} {coins_verb(amount, 'goes', 'go')} to the treasury" if amount else ""
        return f"{say.verb(seat, 'is', 'are')} out of the game{coins}."
    if kind == "eliminated":  # the estate's line follows at the end of the turn: a Lawyer's, or the treasury's
        them = "it" if amount == 1 else "them"
        wait = f"{coins_verb(amount, 'waits', 'wait')} for the end of the turn (a Lawyer may claim {them})"
        coins = f"; {say.whose(seat)} {wait}" if amount else ""
        return f"{say.verb(seat, 'is', 'are')} out of the game{coins}."
    if kind == "fizzle":
        return f"{say.verb(seat, 'is', 'are')} out: the action does nothing."
    if kind == "fail":
        return "The action fails."
    if kind == "block":
        return f"{say.verb(seat, 'claims', 'claim')} the {card} to block."
    if kind == "blocked" and card in ROLES and ROLES[card].blocks == "each":  # each player it reaches blocks apart
        return f"The {card} does not reach {say.who(target, False)}: blocked."
    if kind == "blocked":
        return f"{say.verb(target, 'blocks', 'block')} the {card}."
    if kind == "join":
        return f"{say.verb(seat, 'joins', 'join')}, claiming the Capitalist."
    if kind == "fund":
        return f"{say.verb(seat, 'joins', 'join')} the protest and {'pay' if seat == viewer else 'pays'} 3."
    if kind == "unfunded":
        return "Nobody joins the protest: nothing happens."
    if kind == "draw":
        return f"{say.verb(seat, 'draws', 'draw')} {plural(amount, 'card')}."
    if kind == "exchanged":
        return f"{say.verb(seat, 'returns', 'return')} {plural(amount, 'card')} to the deck."
    if kind == "given":
        return f"{say.verb(seat, 'hands', 'hand')} a card to {say.who(target, False)}."
    if kind == "handed":
        giver, taker = say.who(seat), say.who(target, False)
        return f"{giver} {'give' if seat == viewer else 'gives'} {taker} {article(event.cards[0])}."
    if kind == "gave_back":
        return f"{say.verb(seat, 'gives', 'give')} {say.who(target, False)} a card back."
    if kind == "refuse":
        return (
            f"{say.verb(seat, 'refuses', 'refuse')} to pay: {say.who(target, False)} "
            f"{'pay' if target == viewer else 'pays'} {amount} and {say.who(seat, False)} "
            f"{'lose' if seat == viewer else 'loses'} an influence."
        )
    if kind == "token" and card == "Tax":
        return f"{say.verb(seat, 'takes', 'take')} the Tax tokens: claiming the {event.what} now costs others 1 coin."
    if kind == "treaty_ends" and viewer in (seat, target):
        return f"Your treaty with {say.who(target if seat == viewer else seat, False)} ends."
    if kind == "treaty_ends":
        return f"The treaty of {say.who(seat, False)} and {say.who(target, False)} ends."
    if kind == "token" and card == "Treaty":
        return f"{say.who(seat)} and {say.who(target, False)} sign a treaty: neither may target the other."
    if kind == "token" and card == "Peacekeeping":
        holder = "you" if seat == viewer else "them"
        return f"{say.verb(seat, 'takes', 'take')} the Peacekeeping token: only a Coup can target {holder}."
    if kind == "token":
        return f"{say.who(target)} {'get' if target == viewer else 'gets'} a Disappear token."
    if kind == "tax_ends":
        return "The tax ends with its collector."
    if kind == "spy_again":
        return f"{say.verb(seat, 'takes', 'take')} a second action (Spy)."
    if kind == "disappear":
        return f"{say.whose(seat, capital=True)} Disappear token fires."
    if kind == "lawyer":
        return f"{say.verb(seat, 'claims', 'claim')} the Lawyer for {say.whose(target)} {coins_text(amount)}."
    if kind == "estate" and event.what == "lawyer":
        return f"{say.verb(target, 'takes', 'take')} {say.whose(seat)} {coins_text(amount)}."
    if kind == "estate":
        return f"{say.whose(seat, capital=True)} {coins_verb(amount, 'goes', 'go')} to the treasury."
    return describe_shared(event, say, REASONS)


def situation(view: G54View) -> str:
    """What is going on now, in plain words, for the viewer."""
    say = Speaker([p.name for p in view.players], view.viewer)
    window, pending = view.window, view.pending
    if window == "over":
        return game_won(say, view.winner)
    if window == "action":
        second = " (second action: Spy)" if view.spying else ""
        if view.viewer == view.active:
            return choose_an_action(view.legal, second)
        return f"{say.whose(view.active, capital=True)} turn{second}: choosing an action."
    if window == "lose":
        return must_lose(say, view.losing, view.loss_reason, REASONS)
    if window == "react" and view.claim is not None:
        claim = view.claim
        return f"{say.verb(claim.seat, 'claims', 'claim')} the lost card was {article(claim.role)}. " + may_challenge(
            say, claim.seat, view.players
        )
    if window == "lawyer" and view.estate is not None:
        seat, coins = view.estate
        return f"Lawyer? {say.whose(seat, capital=True)} {coins_verb(coins, 'is', 'are')} unclaimed."
    if pending is None:
        return ""
    doing = (
        f"{say.verb(pending.actor, 'claims', 'claim')} the {pending.role} to "
        f"{purpose(say, pending.kind, pending.target, pending.other, pending.card)}."
    )
    if window == "claim" and view.claim is not None:
        claim = view.claim
        challenge = may_challenge(say, claim.seat, view.players)
        if claim.kind == "action":
            return f"{doing} {challenge}"
        what = {"join": "to join", "block": "to block", "lawyer": "for the estate"}.get(claim.kind, "")
        return f"{say.verb(claim.seat, 'claims', 'claim')} the {claim.role} {what}. {challenge}"
    if window == "prove" and view.challenge is not None:
        c = view.challenge
        return prove_it(say, c.challenger, c.challenged, c.card)
    if window == "join":
        return f"{doing} Join by claiming the Capitalist: the actor pays each joiner 1 coin."
    if window == "fund":
        return f"{doing} Join the protest by paying 3?"
    if window == "block":
        return f"{doing} {say.who(view.owed[0])} may block by claiming the {pending.role}."
    if window == "exchange":
        return f"{say.verb(pending.actor, 'chooses', 'choose')} which cards to keep."
    if window == "give":
        return f"{say.verb(pending.target, 'chooses', 'choose')} a card to hand to {say.who(pending.actor, False)}."
    if window == "produce":
        return f"{say.verb(pending.actor, 'chooses', 'choose')} which cards to keep and which to give back."
    if window == "extort":
        return f"{say.who(pending.target)}: pay the Crime Boss 2 coins, or refuse and lose an influence?"
    return doing


def move_label(move: Move, view: G54View) -> str:
    """A short button label for move."""
    if move.kind in BY_KIND:
        return BY_KIND[move.kind].name
    labels = {
        **ANSWER_LABELS,
        "income": "Income",
        "coup": "Coup",
        "join": "Join (pay 3)" if view.window == "fund" else "Join (Capitalist)",
        "claim": "Claim the Lawyer",
        "pay": "Pay 2",
        "refuse": "Refuse",
        "draw": "Draw another (pay 1)",
        "intellectual": "Claim Intellectual",
        "missionary": "Claim Missionary",
    }
    shared = answer_label(move, None if view.challenge is None else view.challenge.card)
    if shared is not None:
        return shared
    return labels.get(move.kind, move.kind.replace("_", " ").title())
