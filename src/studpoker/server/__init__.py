"""The ASGI application of the card room (the ``server`` layer of DESIGN.md).

See ``docs/protocol.md``.
"""

from studpoker.server.app import create_app

__all__ = ["create_app"]
