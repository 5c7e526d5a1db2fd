"""Widgets of the card-game screens."""
