"""The JSON Schema of the WebSocket protocol, made from its typed messages: the server's
(:data:`~studpoker.server.messages.ServerMessage`) and the client's
(:data:`~studpoker.server.protocol.ClientMessage`).  It is published as
docs/protocol.schema.json beside docs/protocol.md; tests/server/test_schema.py checks
that the file is this document and that real traffic follows it.  To write it again::

    python -m studpoker.server.schema docs/protocol.schema.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema
from pydantic_core import CoreSchema

from studpoker.server.messages import PatchOp, ServerError, ServerMessage
from studpoker.server.protocol import VERSION, ClientMessage
from studpoker.server.state import HandEvent

__all__ = ["CLIENT_MESSAGE", "SERVER_MESSAGE", "protocol_schema", "schema_text"]

SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
"""Validates a message of the server: ``SERVER_MESSAGE.validate_json(text, strict=True)``."""
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The unions named in the document, rather than written out where each is used.
_NAMED: dict[str, tuple[TypeAdapter[Any], str]] = {
    "ServerMessage": (
        SERVER_MESSAGE,
        "Any message the server sends, told apart by its `type` (an error by its `code`).",
    ),
    "ServerError": (
        TypeAdapter(ServerError),
        "An `error`, told apart by its `code`: nothing was done.",
    ),
    "HandEvent": (
        TypeAdapter(HandEvent),
        "An event of the hand: the engine's class name as `type`.",
    ),
    "PatchOp": (
        TypeAdapter(PatchOp),
        "One operation of a `table` message's `patch` (JSON Patch, RFC 6902).",
    ),
    "ClientMessage": (
        CLIENT_MESSAGE,
        "Any message a client may send, told apart by its `type`.",
    ),
}


class _Schema(GenerateJsonSchema):
    """pydantic's JSON Schema without a title on every field (its name, capitalised)."""

    def field_title_should_be_set(self, schema: CoreSchema) -> bool:
        return False


def protocol_schema() -> dict[str, Any]:
    """The protocol's JSON Schema: a message of either side, with ``ServerMessage`` and
    ``ClientMessage``, the unions ``ServerError`` and ``HandEvent`` and every part of
    them under ``$defs``."""
    schemas, top = TypeAdapter.json_schemas(
        [(name, "validation", adapter) for name, (adapter, _) in _NAMED.items()],
        schema_generator=_Schema,
    )
    defs = dict(sorted(top.get("$defs", {}).items()))
    named = {name: schemas[(name, "validation")] for name in _NAMED}
    for name, (_, description) in _NAMED.items():
        defs[name] = {"description": description} | _refer(named[name], named, skip=name)
    defs = {name: _markdown(_refer(schema, named)) for name, schema in defs.items()}
    return {
        "$schema": DIALECT,
        "title": f"The studpoker card room's WebSocket protocol, version {VERSION}",
        "description": "Every message of /ws, either way: one JSON object in a text frame "
        "(docs/protocol.md). Made from the server's typed messages "
        "(studpoker.server.messages, studpoker.server.protocol).",
        "anyOf": [{"$ref": "#/$defs/ServerMessage"}, {"$ref": "#/$defs/ClientMessage"}],
        "$defs": defs,
    }


def _refer(value: Any, named: dict[str, Any], skip: str | None = None) -> Any:
    """``value`` with each named union written out in it (but ``skip``, at its top)
    replaced by a reference to its definition, and a discriminator's mapping to a
    reference written as the reference's text (OpenAPI's form)."""
    for name, schema in named.items():
        if value == schema and name != skip:
            return {"$ref": f"#/$defs/{name}"}
    if isinstance(value, list):
        return [_refer(item, named) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _refer(item, named) for key, item in value.items()}
    mapping = out.get("discriminator", {}).get("mapping")
    if isinstance(mapping, dict):
        for key, target in mapping.items():
            if isinstance(target, dict) and set(target) == {"$ref"}:
                mapping[key] = target["$ref"]
    return out


def _markdown(value: Any) -> Any:
    """``value`` with each description (a docstring) on one line and in Markdown: the
    docstrings' double backquotes as single ones."""
    if isinstance(value, dict):
        return {
            key: " ".join(item.replace("``", "`").split())
            if key == "description" and isinstance(item, str)
            else _markdown(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_markdown(item) for item in value]
    return value


def schema_text() -> str:
    """:func:`protocol_schema` as the text of docs/protocol.schema.json."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> None:
    """Write the schema to the file named (UTF-8), or to standard output."""
    if argv:
        Path(argv[0]).write_text(schema_text(), encoding="utf-8")
    else:
        sys.stdout.write(schema_text())


if __name__ == "__main__":
    main(sys.argv[1:])
