# The screens. `unload` lives here, where every screen module can reach it cheaply.
import sys


def unload(names):
    """Drop modules no longer needed: their code is RAM on the device, and importing one
    again loads it afresh. The parent package holds each imported submodule as an attribute,
    so that goes too, or the module would never be freed."""
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot])
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])
