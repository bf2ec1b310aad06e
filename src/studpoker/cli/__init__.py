"""The ``stud`` command: one subcommand per module of this package.

>>> main(["eval", "As Ks Qs Js Ts 2d 3c", "--game", "seven_card_stud"])
Cards: A♠ K♠ Q♠ J♠ T♠ 2♦ 3♣
High:  Royal flush  [A♠ K♠ Q♠ J♠ T♠]
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from studpoker import __version__
from studpoker.cli import admin as admin_command
from studpoker.cli import equity as equity_command
from studpoker.cli import eval as eval_command
from studpoker.cli import play as play_command
from studpoker.cli import replay as replay_command
from studpoker.cli import serve as serve_command
from studpoker.cli import sim as sim_command
from studpoker.cli import study as study_command
from studpoker.cli import train as train_command
from studpoker.cli import verify as verify_command

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stud",
        description="Stud poker: Seven Card Stud, Stud Hi/Lo, Razz, Show Hand and Five-Card Stud.",
    )
    parser.add_argument("--version", action="version", version=f"studpoker {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    admin_command.add_parser(commands)
    equity_command.add_parser(commands)
    eval_command.add_parser(commands)
    play_command.add_parser(commands)
    replay_command.add_parser(commands)
    serve_command.add_parser(commands)
    sim_command.add_parser(commands)
    study_command.add_parser(commands)
    train_command.add_parser(commands)
    verify_command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``stud`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except ValueError as error:
        print(f"stud {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (stud … | head): no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit writes nowhere
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
