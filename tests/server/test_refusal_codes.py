"""The client's words for the server's refusals (src/studpoker/web/refusals.js) cover
every code the server can send (the Literals of server.messages), in both Chinese
scripts, and put in only params that code has; the module is read with node, as the
browser reads it. Every code has one HTTP status."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from studpoker.server.answers import STATUS, status_of
from studpoker.server.messages import ServerError

ROOT = Path(__file__).resolve().parents[2]
REFUSALS_JS = ROOT / "src" / "studpoker" / "web" / "refusals.js"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def server_codes() -> dict[str, set[str]]:
    """Every code the server can send (the Literal of each error model's ``code``),
    with the params of its model."""
    codes: dict[str, set[str]] = {}
    for model in get_args(get_args(ServerError)[0]):
        hints = get_type_hints(model, include_extras=True)
        params = set(get_type_hints(hints["params"])) if "params" in hints else set()
        for code in get_args(hints["code"]):
            assert code not in codes, f"{code} has two models"
            codes[code] = params
    return codes


def node(script: str) -> Any:
    """What ``script`` (an ES module that imports refusals.js as ``words``) prints, read
    as JSON."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    source = f'import * as words from "{REFUSALS_JS.as_uri()}";\n{script}'
    done = subprocess.run(
        ["node", "--input-type=module", "-e", source],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_code_has_its_words_in_both_chinese_scripts_and_only_its_params():
    table = node("console.log(JSON.stringify(words.REFUSALS));")
    codes = server_codes()
    assert sorted(set(codes) - set(table)) == [], "codes without words"
    assert sorted(set(table) - set(codes)) == [], "words for codes the server never sends"
    for code, words in table.items():
        params = codes[code]
        for lang in ("zh-Hant", "zh-Hans"):
            assert words.get(lang), (code, lang)
        for lang in ("zh-Hant", "zh-Hans", "en"):
            used = set(PLACEHOLDER.findall(words.get(lang, "")))
            assert used <= params, (code, lang, used - params)
        for kind in ("amounts", "waits"):
            assert set(words.get(kind, [])) <= params, (code, kind)
        assert set(words) <= {"zh-Hant", "zh-Hans", "en", "amounts", "waits"}, code


def test_a_refusal_is_written_from_its_code_and_params():
    cases = [
        ("balance_too_low", {"name": "ann", "balance": 150, "buy_in": 4000}, "zh-Hant"),
        ("balance_too_low", {"name": "ann", "balance": 150, "buy_in": 4000}, "en"),
        ("seat_taken", {"seat": 3}, "zh-Hans"),
        ("seat_taken", {"seat": 3}, "en"),
        ("unknown_language", {"value": "fr", "allowed": ["en", "zh-Hant"]}, "zh-Hant"),
        ("rate_limited", {"what": "messages", "retry_after": 0.05}, "zh-Hans"),
        ("no_such_code", {"seat": 3}, "zh-Hant"),
    ]
    script = f"""
    const cases = {json.dumps(cases)};
    const money = (amount) => (amount / 100).toFixed(2);
    console.log(JSON.stringify(cases.map(([code, params, lang]) =>
      words.refusalText(code, params, "the server's words", lang, money))));
    """
    assert node(script) == [
        "ann 的餘額是 1.50，不足以買入 40.00",
        "ann has 1.50 and cannot buy in for 40.00",
        "座位 3 已有人",
        "the server's words",  # no English of the page's own: the server's message
        "不支援的語言 fr（可選：en、zh-Hant）",
        "操作太频繁：请 1 秒后再试",
        "the server's words",
    ]


def test_every_code_has_an_http_status():
    assert set(STATUS) <= set(server_codes()), set(STATUS) - set(server_codes())
    assert {status_of(code) for code in server_codes()} == {
        400,
        401,
        403,
        404,
        405,
        409,
        413,
        429,
        500,
        503,
    }
