"""The wargame's log: entries wrapped anew at each width, and a line repeated at once counted on itself."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.reflow_log import ReflowLog


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ReflowLog(id="log")


def shown(log: ReflowLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_a_line_repeated_at_once_is_counted_on_itself_and_stays_counted_when_rewrapped():
    app = LogApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        log = app.query_one(ReflowLog)
        for text in ["Set-up, rebels: place 1 mob at I6"] * 3 + ["Set-up, rebels: place 1 mob at H7"]:
            log.write_counted(text)
        log.write("Ana: hello")  # a chat line between two runs of the same text: counted anew after it
        log.write_counted("Set-up, rebels: place 1 mob at H7")
        await pilot.pause()
        expected = [
            "Set-up, rebels: place 1 mob at I6 (×3)",
            "Set-up, rebels: place 1 mob at H7",
            "Ana: hello",
            "Set-up, rebels: place 1 mob at H7",
        ]
        assert shown(log) == expected
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert "".join(shown(log)).replace(" ", "") == "".join(expected).replace(" ", "")  # wrapped, nothing lost
        log.write_counted("Set-up, rebels: place 1 mob at H7")
        await pilot.pause()
        assert " ".join(shown(log)).endswith("H7 (×2)")
