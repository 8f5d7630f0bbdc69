#!/usr/bin/python3
"""Reads and drives a running GTK window through AT-SPI, the way assistive technologies do.

Usage (Debian: python3-gi, gir1.2-atspi-2.0, at-spi2-core; run with the system python3):
  atspi.py showing PID          JSON list of [role, name] of every node on screen of the app with PID
  atspi.py activate PID NAME [ROLE]
                                performs the first action ("click") of the on-screen node named NAME (of
                                role ROLE, e.g. "push button": GTK 4.8 gives labels actions too)
  atspi.py type PID NAME TEXT   replaces the text of the on-screen editable node named NAME (EditableText)
  atspi.py key PID KEY          presses and releases a key (Escape, Return, Tab, F10 or space) as a keyboard
                                would (XTest), with the pointer over the app's dialog, else its window
  atspi.py extents PID NAME     JSON list of [x, y, width, height] (window coordinates) of the on-screen
                                nodes named NAME that have a place (the Component interface)
  atspi.py focused PID          JSON list of [role, name] of the on-screen nodes that have the keyboard
                                focus (none, or one)
  atspi.py pressed PID          JSON list of [role, name] of the on-screen nodes that are pressed or checked
                                (a toggle button that is on, a check button)
  atspi.py described PID        JSON list of [role, name, description] of the on-screen nodes that have
                                an accessible description
Exit codes: 0 done, 3 the application or node was not found (yet), 2 usage.
"""
import ctypes
import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

# X keysyms (X11/keysymdef.h) of the keys the tests press.
KEYSYMS = {"Escape": 0xFF1B, "Return": 0xFF0D, "Tab": 0xFF09, "F10": 0xFFC7, "space": 0x20}


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


def key(app, name):
    """Presses and releases the key with XTest, as the AT-SPI registry would; but the registry runs
    with the session bus's environment, which has no DISPLAY under scripts/test, so the tool does it
    itself (libXtst comes with at-spi2-core). Without a window manager nobody gives the window the
    keyboard focus for sure and the X server sends keys to the window under the pointer, so the
    pointer goes onto the app's window first (at 0,0 without a window manager, where GTK 4's
    window-relative extents are screen coordinates)."""
    if name not in KEYSYMS:
        return 2
    # A dialog (AdwMessageDialog) is a window of its own, mapped over the app's frame: it gets the key.
    # Where it is, read again when a node went away during the walk (the page was changing).
    for _ in range(5):
        try:
            windows = [node for node in showing(app) if node.get_role() in (Atspi.Role.DIALOG, Atspi.Role.FRAME)]
            frame = next((node for node in windows if node.get_role() == Atspi.Role.DIALOG), next(iter(windows), None))
            if frame is None:
                return 3
            extents = frame.get_extents(Atspi.CoordType.SCREEN)
            break
        except gi.repository.GLib.Error:
            continue
    else:
        return 3
    x11 = ctypes.CDLL("libX11.so.6")
    xtst = ctypes.CDLL("libXtst.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XKeysymToKeycode.restype = ctypes.c_ubyte
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    display = x11.XOpenDisplay(None)
    if not display:
        return 3
    xtst.XTestFakeMotionEvent(display, -1, extents.x + extents.width // 2, extents.y + extents.height // 2, 0)
    code = x11.XKeysymToKeycode(display, KEYSYMS[name])
    xtst.XTestFakeKeyEvent(display, code, 1, 0)
    xtst.XTestFakeKeyEvent(display, code, 0, 0)
    x11.XFlush(display)
    x11.XCloseDisplay(display)
    return 0


def main(argv):
    commands = {"showing": 3, "activate": 4, "type": 5, "key": 4, "extents": 4, "focused": 3, "pressed": 3, "described": 3}
    expected = commands.get(argv[1] if len(argv) > 1 else "", -1)
    if len(argv) != expected and not (argv[1] == "activate" and len(argv) == expected + 1):
        print(__doc__, file=sys.stderr)
        return 2
    app = application(int(argv[2]))
    if app is None:
        return 3
    if argv[1] == "key":
        return key(app, argv[3])
    nodes = list(showing(app))
    if argv[1] == "showing":
        print(json.dumps([[node.get_role_name(), node.get_name() or ""] for node in nodes]))
        return 0
    if argv[1] == "focused":
        focused = [node for node in nodes if node.get_state_set().contains(Atspi.StateType.FOCUSED)]
        print(json.dumps([[node.get_role_name(), node.get_name() or ""] for node in focused]))
        return 0
    if argv[1] == "pressed":
        on = (Atspi.StateType.PRESSED, Atspi.StateType.CHECKED)
        pressed = [node for node in nodes if any(node.get_state_set().contains(state) for state in on)]
        print(json.dumps([[node.get_role_name(), node.get_name() or ""] for node in pressed]))
        return 0
    if argv[1] == "described":
        described = [node for node in nodes if node.get_description()]
        print(json.dumps([[node.get_role_name(), node.get_name() or "", node.get_description()] for node in described]))
        return 0
    if argv[1] == "extents":
        boxes = []
        for node in nodes:
            if node.get_name() == argv[3] and "Component" in node.get_interfaces():  # a stack page has none
                box = node.get_extents(Atspi.CoordType.WINDOW)
                boxes.append([box.x, box.y, box.width, box.height])
        print(json.dumps(boxes))
        return 0
    # The node to act on, looked for again when a node went away during the walk (the page was
    # changing; the tool then ended with a traceback, status 1); the action itself is done once.
    for _ in range(5):
        try:
            target = next((node for node in nodes if wanted(node, argv)), None)
            break
        except gi.repository.GLib.Error:
            nodes = list(showing(app))
    else:
        return 3
    if target is None:
        return 3
    if argv[1] == "activate":
        target.do_action(0)
        return 0
    return 0 if Atspi.EditableText.set_text_contents(target, argv[4]) else 3


def wanted(node, argv):
    """Whether `activate` (a node with an action, of the ROLE given) or `type` (an editable text) is
    for `node`, named NAME."""
    if node.get_name() != argv[3]:
        return False
    if argv[1] == "activate":
        return (len(argv) <= 4 or node.get_role_name() == argv[4]) and node.get_n_actions() > 0
    return "EditableText" in node.get_interfaces()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
