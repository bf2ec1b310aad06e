"""The client's types of the protocol (src/studpoker/web/protocol.js, which ``tsc
--noEmit`` in ./test.sh checks the client against) are the ones the published JSON
Schema makes: a schema changed without the types written again fails here."""

from __future__ import annotations

import json
from pathlib import Path

from studpoker.server.jsdoc import COMMAND, jsdoc_text, rest_schemas

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "protocol.schema.json"
TYPES_FILE = ROOT / "src" / "studpoker" / "web" / "protocol.js"


def test_the_clients_protocol_types_are_the_ones_the_schema_makes() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert TYPES_FILE.read_text(encoding="utf-8") == jsdoc_text(schema, rest_schemas()), (
        f"src/studpoker/web/protocol.js is not what docs/protocol.schema.json makes: "
        f"write it again with `{COMMAND}`"
    )


def test_every_definition_of_the_schema_is_a_type_of_the_client() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    text = jsdoc_text(schema)
    assert text.startswith("// @ts-check\n")
    assert text.endswith("export {};\n")
    for name in schema["$defs"]:
        assert f"}} {name}\n" in text, name


def test_the_rest_bodies_the_client_reads_are_types_of_the_client_too() -> None:
    text = TYPES_FILE.read_text(encoding="utf-8")
    for name in ("Session", "Me", "GameInfo", "LeaderboardRow", "FinishedHand", "Invalid"):
        assert f"}} {name}\n" in text, name
