"""An error banner, and a guard that routes a callback's exception into it instead of losing it.

ipywidgets swallows exceptions raised in callbacks (they go to the kernel log, the user sees
nothing and the widget may be left half-updated). Every callback in the kit is wrapped with
:func:`guarded`, so a rule violation, a bad file or a bug shows as a red banner naming the problem,
and the widget stays usable.
"""
from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets


def describe(exc: BaseException) -> str:
    """An exception's message without KeyError's extra quotes."""
    if isinstance(exc, KeyError) and len(exc.args) == 1 and type(exc).__str__ is KeyError.__str__:
        return str(exc.args[0])
    return str(exc) or type(exc).__name__


class ErrorBanner(widgets.HTML):
    """A red banner with the last problem's message; empty (and invisible) when all is well."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("re-error")
        self.message: str = ""
        self.detail: str = ""
        self.shown = 0  # how many problems were shown: lets a guard tell an inner failure apart
        self.depth = 0  # guarded calls in progress: only the outermost one may clear the banner
        self.layout.display = "none"

    def show(self, problem: BaseException | str, where: str = "") -> None:
        """Show a problem: an exception (its type and message) or a plain text."""
        if isinstance(problem, BaseException):
            text = describe(problem)
            if not isinstance(problem, (ValueError, KeyError, LookupError)):
                text = f"{type(problem).__name__}: {text}"
            self.detail = "".join(traceback.format_exception(problem))
        else:
            text = str(problem)
            self.detail = ""
        self.message = f"{where}: {text}" if where else text
        self.shown += 1
        self.value = (
            '<div style="background:#fde2e1;color:#8a1c1c;border:1px solid #e0a3a0;'
            'padding:4px 8px;border-radius:4px;white-space:pre-wrap">'
            f"<b>Problem</b> {html.escape(self.message)}</div>"
        )
        self.layout.display = None

    def clear(self) -> None:
        """Hide the banner (after a successful action)."""
        self.message = ""
        self.detail = ""
        self.value = ""
        self.layout.display = "none"


def guarded(banner: ErrorBanner, fn: Callable[..., Any], where: str = "",
            clear: bool = True) -> Callable[..., Any]:
    """``fn`` wrapped so an exception is shown in ``banner`` (and swallowed) instead of escaping.

    With ``clear=True`` a successful outermost call (one user action) hides a previous problem,
    unless a nested guarded call (another listener of the same action) reported a new one.
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        before = banner.shown
        banner.depth += 1
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the whole point: show it, keep the widget alive
            banner.show(exc, where)
            return None
        finally:
            banner.depth -= 1
        if clear and banner.depth == 0 and banner.shown == before:
            banner.clear()
        return result

    return wrapper
