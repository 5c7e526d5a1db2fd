"""Placeholder replaced by the rule bot."""

from core.bots.random_bot import RandomBot


class RuleBot(RandomBot):
    """Temporary."""

    name = "rule"
