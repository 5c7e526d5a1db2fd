"""Coup: Rebellion G54: five of 25 roles in play, role tokens, joins and reactive claims."""
