"""Hex geometry and maps, with no game rules (used by the 1992 wargame)."""
