#!/usr/bin/python3
"""Reads and drives a running GTK window through AT-SPI, the way assistive technologies do.

Usage (Debian: python3-gi, gir1.2-atspi-2.0, at-spi2-core; run with the system python3):
  atspi.py showing PID          JSON list of [role, name] of every node on screen of the app with PID
  atspi.py activate PID NAME    performs the first action ("click") of the on-screen node named NAME
  atspi.py type PID NAME TEXT   replaces the text of the on-screen editable node named NAME (EditableText)
  atspi.py key KEY              presses and releases a key (Escape, Return or Tab) as a keyboard
                                would, through the AT-SPI registry (XTest under X11), into the
                                window that has the keyboard focus
Exit codes: 0 done, 3 the application or node was not found (yet), 2 usage.
"""
import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

# X keysyms (X11/keysymdef.h) of the keys the tests press.
KEYSYMS = {"Escape": 0xFF1B, "Return": 0xFF0D, "Tab": 0xFF09}


def application(pid):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except gi.repository.GLib.Error:
            continue
    return None


def showing(node):
    """Depth first, the nodes on screen: VISIBLE, under VISIBLE parents. (GTK 4.8 sets SHOWING on the
    window only; the app hides background stack pages with the accessible HIDDEN state.)"""
    try:
        states = node.get_state_set()
        if not states.contains(Atspi.StateType.VISIBLE) and node.get_role() != Atspi.Role.APPLICATION:
            return
        yield node
        for index in range(node.get_child_count()):
            child = node.get_child_at_index(index)
            if child is not None:
                yield from showing(child)
    except gi.repository.GLib.Error:
        return


def key(name):
    if name not in KEYSYMS:
        return 2
    ok = Atspi.generate_keyboard_event(KEYSYMS[name], None, Atspi.KeySynthType.SYM)
    return 0 if ok else 3


def main(argv):
    commands = {"showing": 3, "activate": 4, "type": 5}
    if len(argv) == 3 and argv[1] == "key":
        return key(argv[2])
    if len(argv) != commands.get(argv[1] if len(argv) > 1 else "", -1):
        print(__doc__, file=sys.stderr)
        return 2
    app = application(int(argv[2]))
    if app is None:
        return 3
    nodes = list(showing(app))
    if argv[1] == "showing":
        print(json.dumps([[node.get_role_name(), node.get_name() or ""] for node in nodes]))
        return 0
    for node in nodes:
        if node.get_name() != argv[3]:
            continue
        if argv[1] == "activate" and node.get_n_actions() > 0:
            node.do_action(0)
            return 0
        if argv[1] == "type" and "EditableText" in node.get_interfaces():
            return 0 if Atspi.EditableText.set_text_contents(node, argv[4]) else 3
    return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv))
