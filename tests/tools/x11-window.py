#!/usr/bin/python3
"""Why: the window test closes the app's window the way a window manager does (a
WM_DELETE_WINDOW message, what the title bar's close button sends), which WebDriver cannot, and
reads whether the window is shown.

Usage: x11-window.py state TITLE   -> prints "shown", "hidden" or "missing"
       x11-window.py close TITLE   -> asks the window to close; exit 1 when there is none
DISPLAY names the X server.
"""
import sys

from Xlib import X, display, protocol


def windows(d, title):
    """Top-level windows named TITLE that take part in the WM_DELETE_WINDOW protocol."""
    delete = d.intern_atom("WM_DELETE_WINDOW")
    found = []
    stack = [d.screen().root]
    while stack:
        window = stack.pop()
        try:
            children = window.query_tree().children
            name = window.get_wm_name()
            protocols = window.get_wm_protocols() or []
        except Exception:  # a window may vanish while we walk the tree
            continue
        if name == title and delete in protocols:
            found.append(window)
        stack.extend(children)
    return found


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("state", "close"):
        print(__doc__, file=sys.stderr)
        return 2
    command, title = sys.argv[1], sys.argv[2]
    d = display.Display()
    found = windows(d, title)
    if command == "state":
        if not found:
            print("missing")
        else:
            shown = any(w.get_attributes().map_state == X.IsViewable for w in found)
            print("shown" if shown else "hidden")
        return 0
    if not found:
        return 1
    protocols = d.intern_atom("WM_PROTOCOLS")
    delete = d.intern_atom("WM_DELETE_WINDOW")
    for window in found:
        message = protocol.event.ClientMessage(
            window=window, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0])
        )
        window.send_event(message, event_mask=X.NoEventMask)
    d.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
