"""What G54's windows answered in a dialog ask: the card to lose (or set aside under a reactive claim), the card
handed to a Producer, and the exchanges of the Director, Newscaster, Reporter, Writer and Producer."""

from __future__ import annotations

from core.cards.g54.views import G54View
from core.cards.moves import Move
from tui.faces.decisions import AskCard, AskKeep, Decision, Option, Play, ask_card

DIALOG_WINDOWS = ("lose", "exchange", "give", "produce")
REACTIONS = {
    "intellectual": ("Intellectual", "take 5 coins"),
    "missionary": ("Missionary", "draw a card"),
}
"""The reactive claims: the role, and what it gives."""
LOSS_CAUSES = {
    "challenge": "you lost a challenge",
    "coup": "a coup",
    "disappear": "your Disappear token",
    "crime_boss": "you refused the Crime Boss",
    "general": "the General",
    "guerrilla": "the Guerrilla",
    "judge": "the Judge",
    "protestor": "the protest",
}


def g54_dialog(view: G54View, hand: tuple[str, ...]) -> Decision | None:
    """What the viewer's window asks, when it is answered in a dialog."""
    if view.window == "lose":
        return ask_loss(view)
    if view.window == "give" and view.pending is not None:
        actor = view.players[view.pending.actor].name
        title = f"{actor}'s Producer takes a card from you: which one do you hand over?"
        return ask_card(title, hand, "give", f"{actor} then gives you one card back.")
    if view.window == "exchange":
        return ask_exchange(view, hand)
    if view.window == "produce":
        return ask_produce(view, hand)
    return None


def ask_loss(view: G54View) -> AskCard:
    """Reveal a card, or set one aside face down under a reactive claim: the reveals first, then the claims, each in
    the order the hand shows its cards."""
    hand = list(view.own_hand() or ())

    def order(move: Move) -> tuple[bool, int]:
        return move.kind != "reveal", hand.index(move.card) if move.card in hand else len(hand)

    options: dict[str, Decision] = {}
    for move in sorted(view.legal, key=order):
        if move.kind == "reveal":
            options[f"Reveal {move.card}"] = Play(move)
        else:
            role, gives = REACTIONS[move.kind]
            taxed = view.taxed == role and view.collector not in (None, view.viewer)
            options[f"{move.card}: claim {role}, {gives}{' (1 coin tax)' if taxed else ''}"] = Play(move)
    cause = LOSS_CAUSES.get(view.loss_reason, view.loss_reason)
    title = f"You lose an influence ({cause}): which card?"
    hint = "A claimed card is lost face down. If someone challenges and it is not that role, you lose another."
    hint = hint if len(options) > len({m.card for m in view.legal}) else ""
    return AskCard(title, options, hint)


def ask_exchange(view: G54View, hand: tuple[str, ...]) -> AskKeep:
    """Director, Newscaster, Reporter, Writer: keep as many cards as you hold; a Writer may first draw more."""
    role = view.pending.role if view.pending is not None else "Exchange"
    draw = Option("Draw another, pay 1", Play(Move("draw"))) if Move("draw") in view.legal else None
    title = f"{role}: keep {len(hand)} of these cards, return the rest"
    return AskKeep(hand, view.drawn, lambda cards: Play(Move("keep", cards=cards)), title, draw=draw)


def ask_produce(view: G54View, hand: tuple[str, ...]) -> AskKeep:
    """Producer: keep as many cards as you hold, then choose which of the others the target gets back."""
    pending = view.pending
    assert pending is not None and pending.target is not None and view.given is not None
    target = view.players[pending.target].name
    sources = ("yours",) * len(hand) + (f"from {target}",) + ("drawn",) * len(view.drawn)
    pool = (view.given, *view.drawn)

    def give_back(kept: tuple[str, ...]) -> Decision:
        rest = [*hand, *pool]
        for card in kept:
            rest.remove(card)
        if len(set(rest)) == 1:
            return Play(Move("keep", card=rest[0], cards=kept))
        ask = f"Give which card to {target}? The other goes back to the deck."
        return AskCard(ask, {card: Play(Move("keep", card=card, cards=kept)) for card in rest})

    title = f"Producer: keep {len(hand)}; next you give {target} one of the others"
    return AskKeep(hand, pool, give_back, title, sources=sources, keep_count=len(hand))
