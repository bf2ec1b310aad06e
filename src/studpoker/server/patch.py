"""What changed between two views of a table, as a JSON Patch (RFC 6902).

A ``table`` message carries the whole state only in the answer to ``watch``; every later
one carries ``patch``: the operations that turn the last state this client was sent into
the new one (docs/protocol.md, "Updates").  Only ``add``, ``remove`` and ``replace`` are
written, with JSON Pointer paths (RFC 6901), so any JSON Patch library applies them; the
browser's own is web/patch.js, and :func:`apply_patch` is this one (the tests rebuild
every client's state with it and compare it with the snapshot at every step).

A dict is compared key by key and a list index by index, so that a bet changes a
player's stack, bet and the pots, not the whole hand; a list that grows or shrinks is
added to at its end (``/-``) or removed from its end.  Equal subtrees are skipped by one
``==`` (C speed), so a diff costs about what changed.  That ``==`` is Python's, for
which ``True == 1``: a diff tells a flag from a number only where a value changed, which
is all the state needs (the schema types each field as one or the other).
"""

from __future__ import annotations

from typing import Any

__all__ = ["PatchError", "apply_patch", "diff", "diff_at"]


class PatchError(ValueError):
    """An operation that does not apply to the document."""


def _token(key: str) -> str:
    if "~" not in key and "/" not in key:  # every key the state has
        return key
    return key.replace("~", "~0").replace("/", "~1")


def _untoken(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """The operations that turn ``old`` into ``new`` (both JSON values)."""
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


def diff_at(old: Any, new: Any, path: str) -> list[dict[str, Any]]:
    """The operations that turn ``old`` into ``new``, the values at JSON Pointer
    ``path`` of two documents."""
    ops: list[dict[str, Any]] = []
    _diff(old, new, path, ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key in old:
                was = old[key]
                # most of a state is as it was: skipped before its path is made
                if was is value or (was == value and type(was) is type(value)):
                    continue
                _diff(was, value, f"{path}/{_token(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_token(key)}", "value": value})
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_token(key)}"})
        return
    if isinstance(old, list) and isinstance(new, list) and old and new:
        common = min(len(old), len(new))
        for index in range(common):
            was, value = old[index], new[index]
            if was is value or (was == value and type(was) is type(value)):
                continue
            _diff(was, value, f"{path}/{index}", ops)
        for value in new[common:]:
            ops.append({"op": "add", "path": f"{path}/-", "value": value})
        for index in range(len(old) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{index}"})
        return
    ops.append({"op": "replace", "path": path, "value": new})


def apply_patch(document: Any, ops: list[dict[str, Any]]) -> Any:
    """``document`` with ``ops`` applied, as a new value: ``document`` is not changed
    (each operation copies the dicts and lists on its path, and shares the rest), and
    neither are the values of ``ops``, which the result may share."""
    result = document
    for op in ops:
        result = _apply(result, op)
    return result


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value


def _apply(document: Any, op: dict[str, Any]) -> Any:
    kind, path = op.get("op"), op.get("path")
    if kind not in ("add", "remove", "replace") or not isinstance(path, str):
        raise PatchError(f"not an operation this patch writes: {op!r}")
    if path == "":
        if kind == "remove":
            raise PatchError("the whole document cannot be removed")
        return op["value"]
    if not path.startswith("/"):
        raise PatchError(f"a path starts with '/': {path!r}")
    *parents, last = [_untoken(token) for token in path[1:].split("/")]
    top = target = _copy(document)
    for token in parents:
        key = _key(target, token, path)
        child = _copy(target[key])
        target[key] = child
        target = child
    value = op.get("value")
    if isinstance(target, dict):
        if kind != "add" and last not in target:
            raise PatchError(f"no {last!r} at {path!r}")
        if kind == "remove":
            del target[last]
        else:
            target[last] = value
    elif isinstance(target, list):
        if kind == "add" and last == "-":
            target.append(value)
            return top
        index = _index(target, last, path, kind == "add")
        if kind == "remove":
            del target[index]
        elif kind == "add":
            target.insert(index, value)
        else:
            target[index] = value
    else:
        raise PatchError(f"{path!r} goes through a {type(target).__name__}")
    return top


def _key(target: Any, token: str, path: str) -> Any:
    """The key or index ``token`` names in ``target``, on the way to ``path``."""
    if isinstance(target, dict):
        if token not in target:
            raise PatchError(f"no {token!r} on the way to {path!r}")
        return token
    if isinstance(target, list):
        return _index(target, token, path, False)
    raise PatchError(f"{path!r} goes through a {type(target).__name__}")


def _index(target: list[Any], token: str, path: str, adding: bool) -> int:
    if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        raise PatchError(f"{token!r} is not an index, in {path!r}")
    index = int(token)
    if index > len(target) or (index == len(target) and not adding):
        raise PatchError(f"index {index} is past the end, in {path!r}")
    return index
