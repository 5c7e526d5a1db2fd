"""TextField: Textual's Input whose own keys (Backspace, the arrows, Home, ctrl+ keys...) keep the order typed."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TextField(Input):
    """An Input that runs its own bindings (Input's, and a subclass's) as it receives their keys, in its queue.

    The App forwards a key to the focused widget's queue; Input types a printable key there but left its bound keys
    to bubble back up to the App, which ran their binding only then, after the next key of a burst (typed fast, or
    over SSH) was typed in: '123', then Backspace and 9 together read '123' ('1239' less its last), not '129'.
    Priority bindings would not do: the App runs those at once, ahead of printable keys still queued here (9 then
    Backspace would delete the 3). App and screen priority keys (ctrl+q, a screen's Enter or End) still come first;
    a key whose action is skipped (ctrl+c with nothing selected) still bubbles up to the screen's and App's."""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)
