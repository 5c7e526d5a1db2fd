"""The host's refusal of a request: a code and a message that go back to the peer."""

from __future__ import annotations


class Refused(Exception):
    """A request the host turns down; code and message go back to the peer."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
