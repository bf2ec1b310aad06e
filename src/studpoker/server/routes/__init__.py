"""The REST routes of the card room, one router by area, each made for one application
by a function that is given what its routes use (the room, the hub, the limits…):
:mod:`~studpoker.server.routes.accounts`, :mod:`~studpoker.server.routes.lobby`,
:mod:`~studpoker.server.routes.hands`, :mod:`~studpoker.server.routes.ratings`,
:mod:`~studpoker.server.routes.tournaments`, and the WebSocket's,
:mod:`~studpoker.server.routes.socket`.  The study tools' routes are
:mod:`studpoker.server.study_routes`, the operator's :mod:`studpoker.server.admin`,
health and metrics :mod:`studpoker.server.health`.

A route asks the room and renders its answer; what the room refuses is raised as it is
and answered in one place (:func:`studpoker.server.answers.answer_refusals`).
"""

from typing import Any

from pydantic import BaseModel, model_validator

from studpoker.server.protocol import encodable

__all__ = ["Body"]


class Body(BaseModel):
    """A REST request's JSON body, read as an answer can quote it (protocol.encodable):
    a lone surrogate (JSON spells one, ``"\\ud800"``) as U+FFFD, which
    :data:`~studpoker.server.protocol.Text` refuses, and ``NaN`` as ``"NaN"``, so that
    the 422 answer quoting them is JSON in UTF-8 rather than a server error."""

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, data: Any) -> Any:
        return encodable(data)
