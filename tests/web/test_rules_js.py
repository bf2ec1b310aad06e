"""The web client's rules (src/studpoker/web/rules.js: the games' names, the balance's
unit) are written from the server's (server/clientrules.py): a rule changed without the
file written again fails here, and the page reads the names the server keeps."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from studpoker.games import GAME_NAMES
from studpoker.room.money import ROOM_UNIT
from studpoker.server.clientrules import COMMAND, rules_js_text

RULES_JS = Path(__file__).resolve().parents[2] / "src" / "studpoker" / "web" / "rules.js"


def test_the_clients_rules_are_the_ones_the_server_keeps():
    assert RULES_JS.read_text(encoding="utf-8") == rules_js_text(), (
        f"src/studpoker/web/rules.js is not what the server's rules make: write it with `{COMMAND}`"
    )


def test_the_module_the_browser_reads_holds_the_names_and_the_unit():
    if shutil.which("node") is None:
        pytest.skip("node is not installed (./test.sh installs it: scripts/node.sh)")
    script = (
        f'import * as rules from "{RULES_JS.as_uri()}";\n'
        "console.log(JSON.stringify([rules.GAME_NAMES, rules.BALANCE_UNIT]));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    names, unit = json.loads(done.stdout)
    assert unit == ROOM_UNIT == 100
    assert names["zh-Hans"]["show_hand"] == "话事啤 (梭哈)"
    assert names == {
        lang: {game: GAME_NAMES[game][lang] for game in GAME_NAMES}
        for lang in ("en", "zh-Hant", "zh-Hans")
    }
