"""The web client's types of the WebSocket protocol, made from its JSON Schema
(docs/protocol.schema.json, :mod:`studpoker.server.schema`): one JSDoc ``@typedef`` a
definition, in src/studpoker/web/protocol.js, which the client's modules import
(``/** @param {import("./protocol.js").ServerMessage} message */``) and ``tsc --noEmit``
checks them against.  tests/web/test_types.py checks that the file is what the schema
makes.  To write it again (after the schema)::

    python -m studpoker.server.jsdoc docs/protocol.schema.json src/studpoker/web/protocol.js

How a schema becomes a type: an object with properties is a ``@typedef {object}`` with
a ``@property`` a field (``[name]`` when it is not required, its description beside
it); a string's ``enum`` or ``const`` a union of literals; ``anyOf`` and ``oneOf`` a
union; an array ``Array<T>`` (a tuple ``[A, B]`` for ``prefixItems``); a dict
(``additionalProperties``, ``patternProperties``) ``Object<string, T>``, or a
``Partial<Record<…>>`` of the keys its ``propertyNames`` allow; integer and number
``number``; a ``$ref`` the name of its definition.

>>> type_of({"anyOf": [{"$ref": "#/$defs/SeatState"}, {"type": "null"}]})
'SeatState | null'
>>> type_of({"type": "array", "items": {"enum": ["en", "zh-Hant"], "type": "string"}})
'Array<"en" | "zh-Hant">'
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["COMMAND", "jsdoc_text", "rest_schemas", "type_of"]

COMMAND = "python -m studpoker.server.jsdoc docs/protocol.schema.json src/studpoker/web/protocol.js"
"""The command that writes src/studpoker/web/protocol.js, as its first lines name it."""

_SCALARS = {
    "string": "string",
    "integer": "number",
    "number": "number",
    "boolean": "boolean",
    "null": "null",
}
_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def type_of(schema: dict[str, Any]) -> str:
    """The TypeScript type (as JSDoc writes it) of the values ``schema`` allows."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "const" in schema:
        return _literal(schema["const"])
    if "enum" in schema:
        return _union(_literal(value) for value in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return _union(type_of(member) for member in schema[key])
    if "allOf" in schema:
        return " & ".join(_grouped(type_of(member)) for member in schema["allOf"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return _union(type_of({**schema, "type": one}) for one in kind)
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(type_of(item) for item in schema["prefixItems"]) + "]"
        items = schema.get("items")
        return f"Array<{type_of(items) if isinstance(items, dict) else 'unknown'}>"
    if kind == "object" or "properties" in schema:
        return _object_type(schema)
    if isinstance(kind, str) and kind in _SCALARS:
        return _SCALARS[kind]
    return "unknown"


def _object_type(schema: dict[str, Any]) -> str:
    """An object's type written inline: its fields, else a dict of its values' type."""
    properties: dict[str, Any] = schema.get("properties", {})
    if properties:
        required = set(schema.get("required", []))
        fields = (
            f"{_field_name(name)}{'' if name in required else '?'}: {type_of(value)}"
            for name, value in properties.items()
        )
        return "{" + ", ".join(fields) + "}"
    patterns = schema.get("patternProperties", {}).values()
    values = [
        value
        for value in (schema.get("additionalProperties"), *patterns)
        if isinstance(value, dict)
    ]
    value_type = _union(type_of(value) for value in values) if values else "unknown"
    keys = schema.get("propertyNames", {})
    if "enum" in keys:
        return f"Partial<Record<{type_of(keys)}, {value_type}>>"
    return f"Object<string, {value_type}>"


def _literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _union(types: Any) -> str:
    """The union of ``types``, each written once, in their order."""
    return " | ".join(dict.fromkeys(types))


def _grouped(text: str) -> str:
    return f"({text})" if " | " in text else text


def _field_name(name: str) -> str:
    return name if _NAME.fullmatch(name) else _literal(name)


def _comment(text: str) -> str:
    """``text`` made safe inside a ``/** … */`` block."""
    return text.replace("*/", "*\\/")


def _typedef(name: str, schema: dict[str, Any]) -> list[str]:
    """The JSDoc block of the definition ``name``."""
    lines = ["/**"]
    if schema.get("description"):
        lines.append(f" * {_comment(schema['description'])}")
    properties: dict[str, Any] = schema.get("properties", {})
    if not properties or not all(_NAME.fullmatch(field) for field in properties):
        lines += [f" * @typedef {{{type_of(schema)}}} {name}", " */"]
        return lines
    lines.append(f" * @typedef {{object}} {name}")
    required = set(schema.get("required", []))
    for field, value in properties.items():
        label = field if field in required else f"[{field}]"
        about = f" - {_comment(value['description'])}" if value.get("description") else ""
        lines.append(f" * @property {{{type_of(value)}}} {label}{about}")
    lines.append(" */")
    return lines


def rest_schemas() -> dict[str, Any]:
    """The schemas of the REST API's bodies: the OpenAPI document's components
    (``/openapi.json``), made from the server's models as the app serves them."""
    from studpoker.server.app import create_app  # the server, only when asked for

    schemas: dict[str, Any] = create_app(database="sqlite://").openapi()["components"]["schemas"]
    return schemas


def jsdoc_text(schema: dict[str, Any], rest: dict[str, Any] | None = None) -> str:
    """The text of src/studpoker/web/protocol.js for the protocol's JSON Schema, and the
    REST bodies of ``rest`` (:func:`rest_schemas`) that the schema does not define."""
    lines = [
        "// @ts-check",
        f"// Generated by `{COMMAND}`",
        "// from the protocol's JSON Schema: do not edit; change the messages, then run it again.",
        f"/* {_comment(schema.get('title', 'The protocol'))}: the type of each message and of",
        "   its parts, for the client's JSDoc (docs/protocol.md). */",
    ]
    defined = schema.get("$defs", {})
    for name, definition in defined.items():
        lines += ["", *_typedef(name, definition)]
    extra = {name: body for name, body in (rest or {}).items() if name not in defined}
    if extra:
        lines += [
            "",
            "/* The REST API's bodies (its OpenAPI document, /openapi.json) that no WebSocket",
            "   message holds: sessions, the account, games, ratings, hands, refusals. */",
        ]
        for name, definition in sorted(extra.items()):
            lines += ["", *_typedef(name, definition)]
    lines += ["", "export {};", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """Read the schema named first and write its types, and the REST bodies', to the file
    named second (UTF-8), or to standard output."""
    if not argv:
        sys.exit(f"usage: {COMMAND}")
    schema = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    text = jsdoc_text(schema, rest_schemas())
    if len(argv) > 1:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
